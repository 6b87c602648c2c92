// The C the WebAssembly path links into every student's program (grader_runtime.c): the allocator's wrappers, the
// handlers of Clang's undefined-behaviour checks, and the tutor's data files for fopen.
import type { GradingFile } from '../../contract';

/**
 * The C library's allocator asks for WebAssembly memory directly; when the memory cap is reached it returns NULL, which
 * in WebAssembly is a valid address that programs would happily scribble over until they time out. The linker routes
 * the program's allocations through these wrappers instead, so that a failed allocation tells the host, which stops
 * the program with a clear "memory limit" verdict.
 */
const ALLOCATOR_C = `#include <stddef.h>
__attribute__((import_module("grader"), import_name("out_of_memory"))) void grader_out_of_memory(void);
void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *pointer, size_t size);
void *__wrap_malloc(size_t size) {
  void *result = __real_malloc(size);
  if (!result && size) grader_out_of_memory();
  return result;
}
void *__wrap_calloc(size_t count, size_t size) {
  void *result = __real_calloc(count, size);
  if (!result && count && size) grader_out_of_memory();
  return result;
}
void *__wrap_realloc(void *pointer, size_t size) {
  void *result = __real_realloc(pointer, size);
  if (!result && size) grader_out_of_memory();
  return result;
}
`;

/**
 * WebAssembly has no memory protection: reading through NULL reads address 0, and an index past an array reads its
 * neighbour. Clang's undefined-behaviour checks (UB_SANITIZE_FLAGS) call these handlers instead, with the file, line
 * and column of the check: each writes one line in the words and format of GCC's and Clang's UndefinedBehaviorSanitizer
 * (`main.c:7:12: runtime error: load of null pointer of type 'int'`) to standard error and stops the program with a
 * trap, so one parser (sanitizer-report.ts) reads the native path's reports and these. The handlers take the data
 * layouts of compiler-rt's ubsan_handlers.h; the compiler-rt runtime itself is not in the WebAssembly sysroot.
 */
const UB_HANDLERS_C = `#include <stdint.h>
#include <unistd.h>
#pragma clang attribute push(__attribute__((no_sanitize("undefined"))), apply_to = function)
struct grader_location_ { const char *file; uint32_t line; uint32_t column; };
struct grader_type_ { uint16_t kind; uint16_t info; char name[]; };
typedef uintptr_t grader_value_;
static char grader_report_[600];
static size_t grader_report_length_;
static void grader_put_(const char *text) {
  while (*text && grader_report_length_ < sizeof grader_report_ - 2) grader_report_[grader_report_length_++] = *text++;
}
static void grader_put_unsigned_(unsigned long long value) {
  char digits[24];
  int n = 0;
  do digits[n++] = (char)('0' + value % 10); while ((value /= 10) && n < 23);
  char text[25];
  for (int i = 0; i < n; i++) text[i] = digits[n - 1 - i];
  text[n] = 0;
  grader_put_(text);
}
static unsigned grader_bits_(const struct grader_type_ *type) { return 1u << (type->info >> 1); }
static int grader_is_signed_(const struct grader_type_ *type) { return type->kind == 0 && (type->info & 1); }
/* An integer value as 64 bits: inline when it fits in a pointer, else behind one (long long on wasm32). */
static int grader_value_of_(const struct grader_type_ *type, grader_value_ handle, long long *result) {
  if (type->kind != 0) return 0;
  unsigned bits = grader_bits_(type);
  unsigned long long raw;
  if (bits <= sizeof(grader_value_) * 8) raw = handle;
  else if (bits == 64) raw = *(const unsigned long long *)handle;
  else return 0;
  if (bits < 64) {
    raw &= (1ull << bits) - 1;
    if (grader_is_signed_(type) && ((raw >> (bits - 1)) & 1)) raw |= ~0ull << bits;
  }
  *result = (long long)raw;
  return 1;
}
static void grader_put_value_(const struct grader_type_ *type, grader_value_ handle) {
  long long value;
  if (!grader_value_of_(type, handle, &value)) grader_put_("<value>");
  else if (grader_is_signed_(type) && value < 0) {
    grader_put_("-");
    grader_put_unsigned_(0ull - (unsigned long long)value);
  } else grader_put_unsigned_((unsigned long long)value);
}
static void grader_start_report_(const struct grader_location_ *where) {
  grader_report_length_ = 0;
  grader_put_(where->file ? where->file : "<unknown>");
  grader_put_(":");
  grader_put_unsigned_(where->line);
  grader_put_(":");
  grader_put_unsigned_(where->column);
  grader_put_(": runtime error: ");
}
static _Noreturn void grader_end_report_(void) {
  grader_report_[grader_report_length_++] = '\\n';
  write(2, grader_report_, grader_report_length_);
  __builtin_trap();
}
static const char *const grader_check_kinds_[] = {
  "load of", "store to", "reference binding to", "member access within", "member call on", "constructor call on",
  "downcast of", "downcast of", "upcast of", "cast to virtual base of", "_Nonnull binding to", "dynamic operation on",
};
struct grader_type_mismatch_ {
  struct grader_location_ where;
  const struct grader_type_ *type;
  unsigned char log_alignment;
  unsigned char check_kind;
};
void __ubsan_handle_type_mismatch_v1_abort(struct grader_type_mismatch_ *data, grader_value_ pointer) {
  grader_start_report_(&data->where);
  grader_put_(data->check_kind < sizeof grader_check_kinds_ / sizeof *grader_check_kinds_ ? grader_check_kinds_[data->check_kind] : "use of");
  if (!pointer) grader_put_(" null pointer of type ");
  else if (pointer & ((1u << data->log_alignment) - 1)) grader_put_(" misaligned address for type ");
  else grader_put_(" address with insufficient space for an object of type ");
  grader_put_(data->type->name);
  grader_end_report_();
}
struct grader_out_of_bounds_ { struct grader_location_ where; const struct grader_type_ *array_type; const struct grader_type_ *index_type; };
void __ubsan_handle_out_of_bounds_abort(struct grader_out_of_bounds_ *data, grader_value_ index) {
  grader_start_report_(&data->where);
  grader_put_("index ");
  grader_put_value_(data->index_type, index);
  grader_put_(" out of bounds for type ");
  grader_put_(data->array_type->name);
  grader_end_report_();
}
struct grader_overflow_ { struct grader_location_ where; const struct grader_type_ *type; };
static _Noreturn void grader_overflow_(struct grader_overflow_ *data, grader_value_ lhs, const char *operator, grader_value_ rhs) {
  grader_start_report_(&data->where);
  grader_put_(grader_is_signed_(data->type) ? "signed integer overflow: " : "unsigned integer overflow: ");
  grader_put_value_(data->type, lhs);
  grader_put_(operator);
  grader_put_value_(data->type, rhs);
  grader_put_(" cannot be represented in type ");
  grader_put_(data->type->name);
  grader_end_report_();
}
void __ubsan_handle_add_overflow_abort(struct grader_overflow_ *data, grader_value_ lhs, grader_value_ rhs) { grader_overflow_(data, lhs, " + ", rhs); }
void __ubsan_handle_sub_overflow_abort(struct grader_overflow_ *data, grader_value_ lhs, grader_value_ rhs) { grader_overflow_(data, lhs, " - ", rhs); }
void __ubsan_handle_mul_overflow_abort(struct grader_overflow_ *data, grader_value_ lhs, grader_value_ rhs) { grader_overflow_(data, lhs, " * ", rhs); }
void __ubsan_handle_negate_overflow_abort(struct grader_overflow_ *data, grader_value_ value) {
  grader_start_report_(&data->where);
  grader_put_("negation of ");
  grader_put_value_(data->type, value);
  grader_put_(" cannot be represented in type ");
  grader_put_(data->type->name);
  grader_end_report_();
}
void __ubsan_handle_divrem_overflow_abort(struct grader_overflow_ *data, grader_value_ lhs, grader_value_ rhs) {
  long long divisor = 0;
  grader_start_report_(&data->where);
  if (grader_value_of_(data->type, rhs, &divisor) && divisor == 0) grader_put_("division by zero");
  else {
    grader_put_("division of ");
    grader_put_value_(data->type, lhs);
    grader_put_(" by -1 cannot be represented in type ");
    grader_put_(data->type->name);
  }
  grader_end_report_();
}
struct grader_shift_ { struct grader_location_ where; const struct grader_type_ *lhs_type; const struct grader_type_ *rhs_type; };
void __ubsan_handle_shift_out_of_bounds_abort(struct grader_shift_ *data, grader_value_ lhs, grader_value_ rhs) {
  long long left = 0, right = 0;
  grader_value_of_(data->lhs_type, lhs, &left);
  grader_value_of_(data->rhs_type, rhs, &right);
  grader_start_report_(&data->where);
  if (grader_is_signed_(data->rhs_type) && right < 0) {
    grader_put_("shift exponent ");
    grader_put_value_(data->rhs_type, rhs);
    grader_put_(" is negative");
  } else if ((unsigned long long)right >= grader_bits_(data->lhs_type)) {
    grader_put_("shift exponent ");
    grader_put_value_(data->rhs_type, rhs);
    grader_put_(" is too large for ");
    grader_put_unsigned_(grader_bits_(data->lhs_type));
    grader_put_("-bit type ");
    grader_put_(data->lhs_type->name);
  } else if (grader_is_signed_(data->lhs_type) && left < 0) {
    grader_put_("left shift of negative value ");
    grader_put_value_(data->lhs_type, lhs);
  } else {
    grader_put_("left shift of ");
    grader_put_value_(data->lhs_type, lhs);
    grader_put_(" by ");
    grader_put_value_(data->rhs_type, rhs);
    grader_put_(" places cannot be represented in type ");
    grader_put_(data->lhs_type->name);
  }
  grader_end_report_();
}
void __ubsan_handle_vla_bound_not_positive_abort(struct grader_overflow_ *data, grader_value_ bound) {
  grader_start_report_(&data->where);
  grader_put_("variable length array bound evaluates to non-positive value ");
  grader_put_value_(data->type, bound);
  grader_end_report_();
}
#pragma clang attribute pop
`;

/**
 * The checks the WebAssembly compile adds, each stopping the program at its first finding. `null` and `array-bounds`
 * are what WebAssembly itself cannot catch (a read through NULL printed 0); the integer checks say where a division by
 * zero happened (WebAssembly traps without a line) and catch what native C leaves silent. Measured on this machine:
 * the compile of the demo programs takes no longer with them (within the run-to-run spread of about 10%).
 */
export const UB_SANITIZE_FLAGS = [
  '-fsanitize=null,array-bounds,signed-integer-overflow,integer-divide-by-zero,shift,vla-bound',
  '-fno-sanitize-recover=all',
];

/** A C string literal holding `bytes` exactly (octal escapes for all but plain printable ASCII). */
function cBytes(content: string): string {
  let literal = '';
  for (const byte of Buffer.from(content, 'utf8')) {
    const char = String.fromCharCode(byte);
    literal += byte >= 0x20 && byte < 0x7f && !'"\\?'.includes(char) ? char : `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `"${literal}"`;
}

/**
 * The tutor's data files, readable with fopen (read-only modes): a WebAssembly program has no folder of its own, so the
 * files are linked into it and fopen of their name opens them from memory (fmemopen). Any other fopen fails as before.
 */
function dataFilesC(dataFiles: GradingFile[]): string {
  const entries = dataFiles.map((file, i) => `static const char grader_data_${i}_[] = ${cBytes(file.content)};`);
  const table = dataFiles.map((file, i) => `  { ${cBytes(file.name)}, grader_data_${i}_, sizeof grader_data_${i}_ - 1 },`);
  return `#include <stdio.h>
#include <string.h>
${entries.join('\n')}
static const struct { const char *name; const char *data; size_t size; } grader_files_[] = {
${table.join('\n')}
};
FILE *__real_fopen(const char *restrict name, const char *restrict mode);
FILE *__wrap_fopen(const char *restrict name, const char *restrict mode) {
  const char *plain = strncmp(name, "./", 2) == 0 ? name + 2 : name;
  if (mode[0] == 'r' && !strchr(mode, '+'))
    for (size_t i = 0; i < sizeof grader_files_ / sizeof *grader_files_; i++)
      if (strcmp(plain, grader_files_[i].name) == 0) return fmemopen((void *)grader_files_[i].data, grader_files_[i].size, "r");
  return __real_fopen(name, mode);
}
`;
}

/** The runtime's C files by name, and the linker's flags they need. */
export function wasmRuntime(dataFiles: GradingFile[]): { files: Record<string, string>; linkFlags: string[] } {
  const files: Record<string, string> = { 'grader_runtime.c': ALLOCATOR_C, 'grader_ub.c': UB_HANDLERS_C };
  const linkFlags = ['malloc', 'calloc', 'realloc'].map((name) => `-Wl,--wrap=${name}`);
  if (dataFiles.length) {
    files['grader_files.c'] = dataFilesC(dataFiles);
    linkFlags.push('-Wl,--wrap=fopen');
  }
  return { files, linkFlags };
}
