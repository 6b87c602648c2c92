// Real reports of gcc 12.2's AddressSanitizer and UndefinedBehaviorSanitizer (Debian 12, x86-64), as the native path
// keeps them (the program's own stderr and the report, cut to STDERR_KEEP_BYTES; the recursion's 250 frames and the
// memory map cut shorter). All but the memory limits come from ALL_C, compiled and run in the sandbox by gradeNativeC
// with one test per case (its input picks the case); the memory limits from a run outside the sandbox, where no
// control group stops the program first.

export const ALL_C = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int g[4];
struct node { int v; struct node *next; };
int depth(int n) { volatile char pad[64]; pad[0] = (char)n; return n == 0 ? 0 : 1 + depth(n + 1) + pad[0]; }
int *dangling(void) { int local = 3; int *p = &local; return p; }
int main(void) {
  int k; int big[4] = {0}; int *p = NULL; struct node *n = NULL;
  if (scanf("%d", &k) != 1) return 1;
  int *q = &big[0];
  switch (k) {
  case 0: printf("%d\\n", *p); break;
  case 1: big[k + 3] = 5; printf("%d\\n", big[0]); break;
  case 2: q[k + 2] = 7; printf("%d\\n", big[1]); break;
  case 3: printf("%d\\n", q[k + 1]); break;
  case 4: { int *h = malloc(4 * sizeof *h); h[k] = 1; printf("%d\\n", h[0]); free(h); break; }
  case 5: { int *h = malloc(4 * sizeof *h); h[0] = 1; free(h); printf("%d\\n", h[0]); break; }
  case 6: { int *h = malloc(4 * sizeof *h); h[0] = 2; printf("%d\\n", h[0]); free(h); free(h); break; }
  case 7: { int x = 2147483647; x += k - 6; printf("%d\\n", x); break; }
  case 8: { int z = k - 8; printf("%d\\n", 10 / z); break; }
  case 9: { int s = k + 30; printf("%d\\n", 1 << s); break; }
  case 10: printf("%d\\n", n->v); break;
  case 11: *p = 1; break;
  case 12: { char *c = (char *)0x12345678; *c = 1; break; }
  case 13: { void (*f)(void) = 0; f(); break; }
  case 14: printf("%d\\n", depth(1)); break;
  case 15: { int *r; { int inner = 5; r = &inner; } printf("%d\\n", *r); break; }
  case 16: { int x = 5; free(&x); break; }
  case 17: { int *gp = g; gp[k - 13] = 1; printf("%d\\n", g[0]); break; }
  case 18: { char s[8]; strcpy(s, "this is far too long"); printf("%s\\n", s); break; }
  case 19: { int *h = malloc(4 * sizeof *h); h[0] = 1; printf("%d\\n", h[k - 20]); free(h); break; }
  case 20: { fprintf(stderr, "about to crash\\n"); printf("partial "); int v = big[k]; printf("%d\\n", v); break; }
  case 21: { abort(); }
  case 22: { raise(11); break; }
  }
  return 0;
}
`;

export const GCC_REPORTS = {
  nullRead: `main.c:13:11: runtime error: load of null pointer of type 'int'
    #0 0x557ad926964f in main main.c:13
    #1 0x7f24e0a45249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f24e0a45304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x557ad9269230 in _start (program+0x2230)

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior main.c:13:11 in 
`,
  indexWrite: `main.c:14:14: runtime error: index 4 out of bounds for type 'int [4]'
    #0 0x55e80d79c660 in main main.c:14
    #1 0x7faaf4845249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7faaf4845304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x55e80d79c230 in _start (program+0x2230)

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior main.c:14:14 in 
`,
  stackOverflowWrite: `=================================================================
==2==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffdac4d0d90 at pc 0x5583d3d166ca bp 0x7ffdac4d0cf0 sp 0x7ffdac4d0ce8
WRITE of size 4 at 0x7ffdac4d0d90 thread T0
    #0 0x5583d3d166c9 in main main.c:15
    #1 0x7f804b845249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f804b845304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x5583d3d16230 in _start (program+0x2230)

Address 0x7ffdac4d0d90 is located in stack of thread T0 at offset 144 in frame
    #0 0x5583d3d1651f in main main.c:8

  This frame has 5 object(s):
    [48, 52) 'k' (line 9)
    [64, 68) 'inner' (line 28)
    [80, 84) 'x' (line 29)
    [96, 104) 's' (line 31)
    [128, 144) 'big' (line 9) <== Memory access at offset 144 overflows this variable
HINT: this may be a false positive if your program uses some custom stack unwind mechanism, swapcontext or vfork
      (longjmp and C++ exceptions *are* supported)
SUMMARY: AddressSanitizer: stack-buffer-overflow main.c:15 in main
Shadow bytes around the buggy address:
  0x100035892160: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x100035892170: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x100035892180: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x100035892190: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000358921a0: f1 f1 f1 f1 f1 f1 04 f2 04 f2 04 f2 00 f2 f2 f2
=>0x1000358921b0: 00 00[f3]f3 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000358921c0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000358921d0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000358921e0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000358921f0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x100035892200: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
==2==ABORTING
`,
  stackOverflowRead: `=================================================================
==2==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7fff8c75d0c0 at pc 0x5572b7e5770d bp 0x7fff8c75d020 sp 0x7fff8c75d018
READ of size 4 at 0x7fff8c75d0c0 thread T0
    #0 0x5572b7e5770c in main main.c:16
    #1 0x7f79abe45249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f79abe45304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x5572b7e57230 in _start (program+0x2230)

Address 0x7fff8c75d0c0 is located in stack of thread T0 at offset 144 in frame
    #0 0x5572b7e5751f in main main.c:8

  This frame has 5 object(s):
    [48, 52) 'k' (line 9)
    [64, 68) 'inner' (line 28)
    [80, 84) 'x' (line 29)
    [96, 104) 's' (line 31)
    [128, 144) 'big' (line 9) <== Memory access at offset 144 overflows this variable
HINT: this may be a false positive if your program uses some custom stack unwind mechanism, swapcontext or vfork
      (longjmp and C++ exceptions *are* supported)
SUMMARY: AddressSanitizer: stack-buffer-overflow main.c:16 in main
Shadow bytes around the buggy address:
  0x1000718e39c0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000718e39d0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000718e39e0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000718e39f0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000718e3a00: 00 00 00 00 00 00 f1 f1 f1 f1 f1 f1 04 f2 04 f2
=>0x1000718e3a10: 04 f2 00 f2 f2 f2 00 00[f3]f3 00 00 00 00 00 00
  0x1000718e3a20: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000718e3a30: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000718e3a40: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000718e3a50: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x1000718e3a60: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
==2==ABORTING
`,
  heapOverflowWrite: `=================================================================
==2==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x5562caa5a7af bp 0x7ffe446748d0 sp 0x7ffe446748c8
WRITE of size 4 at 0x602000000020 thread T0
    #0 0x5562caa5a7ae in main main.c:17
    #1 0x7f1f60c45249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f1f60c45304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x5562caa5a230 in _start (program+0x2230)

0x602000000020 is located 0 bytes to the right of 16-byte region [0x602000000010,0x602000000020)
allocated by thread T0 here:
    #0 0x7f1f616b89cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x5562caa5a716 in main main.c:17
    #2 0x7f1f60c45249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)

SUMMARY: AddressSanitizer: heap-buffer-overflow main.c:17 in main
Shadow bytes around the buggy address:
  0x0c047fff7fb0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fc0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fd0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fe0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7ff0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
=>0x0c047fff8000: fa fa 00 00[fa]fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8010: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8020: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8030: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8040: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8050: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
==2==ABORTING
`,
  useAfterFree: `=================================================================
==2==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x560be118e830 bp 0x7ffd4493d710 sp 0x7ffd4493d708
READ of size 4 at 0x602000000010 thread T0
    #0 0x560be118e82f in main main.c:18
    #1 0x7f476c445249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f476c445304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x560be118e230 in _start (program+0x2230)

0x602000000010 is located 0 bytes inside of 16-byte region [0x602000000010,0x602000000020)
freed by thread T0 here:
    #0 0x7f476ceb76a8 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52
    #1 0x560be118e7e1 in main main.c:18
    #2 0x7f476c445249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)

previously allocated by thread T0 here:
    #0 0x7f476ceb89cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x560be118e7d1 in main main.c:18
    #2 0x7f476c445249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)

SUMMARY: AddressSanitizer: heap-use-after-free main.c:18 in main
Shadow bytes around the buggy address:
  0x0c047fff7fb0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fc0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fd0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fe0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7ff0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
=>0x0c047fff8000: fa fa[fd]fd fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8010: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8020: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8030: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8040: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8050: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
==2==ABORTING
`,
  doubleFree: `=================================================================
==2==ERROR: AddressSanitizer: attempting double-free on 0x602000000010 in thread T0:
    #0 0x7f6bddeb76a8 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52
    #1 0x5570bed51882 in main main.c:19
    #2 0x7f6bdd445249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #3 0x7f6bdd445304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #4 0x5570bed51230 in _start (program+0x2230)

0x602000000010 is located 0 bytes inside of 16-byte region [0x602000000010,0x602000000020)
freed by thread T0 here:
    #0 0x7f6bddeb76a8 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52
    #1 0x5570bed5187a in main main.c:19
    #2 0x7f6bdd445249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)

previously allocated by thread T0 here:
    #0 0x7f6bddeb89cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x5570bed51839 in main main.c:19
    #2 0x7f6bdd445249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)

SUMMARY: AddressSanitizer: double-free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52 in __interceptor_free
==2==ABORTING
`,
  signedOverflow: `main.c:20:35: runtime error: signed integer overflow: 1 + 2147483647 cannot be represented in type 'int'
    #0 0x5644c7be88bb in main main.c:20
    #1 0x7f5101845249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f5101845304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x5644c7be8230 in _start (program+0x2230)

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior main.c:20:35 in 
`,
  divisionByZero: `main.c:21:46: runtime error: division by zero
    #0 0x5616dd2018d6 in main main.c:21
    #1 0x7fb9cd045249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7fb9cd045304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x5616dd201230 in _start (program+0x2230)

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior main.c:21:46 in 
`,
  shift: `main.c:22:46: runtime error: shift exponent 39 is too large for 32-bit type 'int'
    #0 0x5631ecc9a8f1 in main main.c:22
    #1 0x7fedbb045249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7fedbb045304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x5631ecc9a230 in _start (program+0x2230)

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior main.c:22:46 in 
`,
  memberOfNull: `main.c:23:12: runtime error: member access within null pointer of type 'struct node'
    #0 0x562ca299b902 in main main.c:23
    #1 0x7f2c77245249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f2c77245304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x562ca299b230 in _start (program+0x2230)

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior main.c:23:12 in 
`,
  nullWrite: `main.c:24:15: runtime error: store to null pointer of type 'int'
    #0 0x564beac15913 in main main.c:24
    #1 0x7f74f1045249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f74f1045304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x564beac15230 in _start (program+0x2230)

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior main.c:24:15 in 
`,
  wildWrite: `AddressSanitizer:DEADLYSIGNAL
=================================================================
==2==ERROR: AddressSanitizer: SEGV on unknown address 0x000012345678 (pc 0x55b422cd3923 bp 0x7ffd5bf25e40 sp 0x7ffd5bf25d80 T0)
==2==The signal is caused by a WRITE memory access.
    #0 0x55b422cd3923 in main main.c:25
    #1 0x7f25b0a45249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f25b0a45304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x55b422cd3230 in _start (program+0x2230)

AddressSanitizer can not provide additional info.
SUMMARY: AddressSanitizer: SEGV main.c:25 in main
==2==ABORTING
`,
  nullCall: `AddressSanitizer:DEADLYSIGNAL
=================================================================
==2==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x000000000000 bp 0x7ffc7fa17020 sp 0x7ffc7fa16f58 T0)
==2==Hint: pc points to the zero page.
==2==The signal is caused by a READ memory access.
==2==Hint: address points to the zero page.
    #0 0x0  (<unknown module>)
    #1 0x7f414f245249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)

AddressSanitizer can not provide additional info.
SUMMARY: AddressSanitizer: SEGV (<unknown module>) 
==2==ABORTING
`,
  recursion: `AddressSanitizer:DEADLYSIGNAL
=================================================================
==2==ERROR: AddressSanitizer: stack-overflow on address 0x7ffd980ddff8 (pc 0x55947b5763c3 bp 0x7ffd980de0b0 sp 0x7ffd980de000 T0)
    #0 0x55947b5763c3 in depth main.c:6
    #1 0x55947b5763c7 in depth main.c:6
    #2 0x55947b5763c7 in depth main.c:6
    #3 0x55947b5763c7 in depth main.c:6
    #4 0x55947b5763c7 in depth main.c:6
    #5 0x55947b5763c7 in depth main.c:6`,
  useAfterScope: `=================================================================
==2==ERROR: AddressSanitizer: stack-use-after-scope on address 0x7ffeed5c9970 at pc 0x55c8486e59b0 bp 0x7ffeed5c9920 sp 0x7ffeed5c9918
READ of size 4 at 0x7ffeed5c9970 thread T0
    #0 0x55c8486e59af in main main.c:28
    #1 0x7fda5c645249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7fda5c645304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x55c8486e5230 in _start (program+0x2230)

Address 0x7ffeed5c9970 is located in stack of thread T0 at offset 64 in frame
    #0 0x55c8486e551f in main main.c:8

  This frame has 5 object(s):
    [48, 52) 'k' (line 9)
    [64, 68) 'inner' (line 28) <== Memory access at offset 64 is inside this variable
    [80, 84) 'x' (line 29)
    [96, 104) 's' (line 31)
    [128, 144) 'big' (line 9)
HINT: this may be a false positive if your program uses some custom stack unwind mechanism, swapcontext or vfork
      (longjmp and C++ exceptions *are* supported)
SUMMARY: AddressSanitizer: stack-use-after-scope main.c:28 in main
Shadow bytes around the buggy address:
  0x10005dab12d0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x10005dab12e0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x10005dab12f0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x10005dab1300: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x10005dab1310: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
=>0x10005dab1320: 00 00 00 00 00 00 f1 f1 f1 f1 f1 f1 04 f2[f8]f2
  0x10005dab1330: 04 f2 00 f2 f2 f2 00 00 f3 f3 00 00 00 00 00 00
  0x10005dab1340: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x10005dab1350: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x10005dab1360: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x10005dab1370: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
==2==ABORTING
`,
  badFree: `=================================================================
==2==ERROR: AddressSanitizer: attempting free on address which was not malloc()-ed: 0x7ffca47cca70 in thread T0
    #0 0x7fd31ecb76a8 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52
    #1 0x55fdb639b9df in main main.c:29
    #2 0x7fd31e245249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #3 0x7fd31e245304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #4 0x55fdb639b230 in _start (program+0x2230)

Address 0x7ffca47cca70 is located in stack of thread T0 at offset 80 in frame
    #0 0x55fdb639b51f in main main.c:8

  This frame has 5 object(s):
    [48, 52) 'k' (line 9)
    [64, 68) 'inner' (line 28)
    [80, 84) 'x' (line 29) <== Memory access at offset 80 is inside this variable
    [96, 104) 's' (line 31)
    [128, 144) 'big' (line 9)
HINT: this may be a false positive if your program uses some custom stack unwind mechanism, swapcontext or vfork
      (longjmp and C++ exceptions *are* supported)
SUMMARY: AddressSanitizer: bad-free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52 in __interceptor_free
==2==ABORTING
`,
  globalOverflow: `=================================================================
==2==ERROR: AddressSanitizer: global-buffer-overflow on address 0x555b26222fd0 at pc 0x555b2621fa3c bp 0x7ffc764d4a60 sp 0x7ffc764d4a58
WRITE of size 4 at 0x555b26222fd0 thread T0
    #0 0x555b2621fa3b in main main.c:30
    #1 0x7f240a045249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f240a045304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x555b2621f230 in _start (program+0x2230)

0x555b26222fd0 is located 0 bytes to the right of global variable 'g' defined in 'main.c:4:5' (0x555b26222fc0) of size 16
SUMMARY: AddressSanitizer: global-buffer-overflow main.c:30 in main
Shadow bytes around the buggy address:
  0x0aabe4c3c5a0: f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9
  0x0aabe4c3c5b0: f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9
  0x0aabe4c3c5c0: f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9
  0x0aabe4c3c5d0: f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9
  0x0aabe4c3c5e0: f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9
=>0x0aabe4c3c5f0: f9 f9 f9 f9 00 00 00 00 00 00[f9]f9 f9 f9 f9 f9
  0x0aabe4c3c600: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0aabe4c3c610: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0aabe4c3c620: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0aabe4c3c630: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0aabe4c3c640: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
==2==ABORTING
`,
  heapUnderflowRead: `=================================================================
==2==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x60200000000c at pc 0x56070cea8b27 bp 0x7ffe199290c0 sp 0x7ffe199290b8
READ of size 4 at 0x60200000000c thread T0
    #0 0x56070cea8b26 in main main.c:32
    #1 0x7f728d045249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)
    #2 0x7f728d045304 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x27304)
    #3 0x56070cea8230 in _start (program+0x2230)

0x60200000000c is located 4 bytes to the left of 16-byte region [0x602000000010,0x602000000020)
allocated by thread T0 here:
    #0 0x7f728dab89cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x56070cea8a6f in main main.c:32
    #2 0x7f728d045249  (/lib/x86_64-linux-gnu/libc.so.6+0x27249)

SUMMARY: AddressSanitizer: heap-buffer-overflow main.c:32 in main
Shadow bytes around the buggy address:
  0x0c047fff7fb0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fc0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fd0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7fe0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
  0x0c047fff7ff0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
=>0x0c047fff8000: fa[fa]00 00 fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8010: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8020: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8030: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8040: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
  0x0c047fff8050: fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa fa
==2==ABORTING
`,
  hardRssLimit: `==1984==AddressSanitizer: hard rss limit exhausted (150Mb vs 281Mb)
==1984==Process memory map follows:
==1984==End of process memory map.
`,
  allocationTooBig: `=================================================================
==1986==ERROR: AddressSanitizer: requested allocation size 0x40000000 (0x40001000 after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x8000000 (thread T0)
    #0 0x7f6c8d4b89cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x5606933892b3 in main mem.c:7

==1986==HINT: if you don't care about these errors you may set allocator_may_return_null=1
SUMMARY: AddressSanitizer: allocation-size-too-big ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69 in __interceptor_malloc
==1986==ABORTING
`,
} as const;
