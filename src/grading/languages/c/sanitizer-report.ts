// The reports of AddressSanitizer and UndefinedBehaviorSanitizer (gcc's, on the native path, and the WebAssembly
// runtime's lines in UndefinedBehaviorSanitizer's format) read into findings, and each finding in words a beginner
// reads, with the line of their main.c: "Your program read memory through a NULL pointer (line 7)." The sentences are
// all in CRuntimeMessages, one function per kind of report.
import type { TestResult } from '../../contract';
import { cutText, STORED_MESSAGE_MAX_BYTES, truncateText } from '../../limits';
import { isTestCodeFile, STUDENT_FILE } from './c-test-program';

/** Where a report points: a file of the program (main.c, a test's code test-3.c, a support file) and a line. */
export type SourcePlace = { file: string; line: number; column: number | null };
export type Access = 'read' | 'write' | 'use';

export type Finding =
  | { kind: 'null_pointer'; access: Access | 'member' | 'call'; type: string | null; where: SourcePlace | null }
  | { kind: 'bad_address'; access: Access; where: SourcePlace | null }
  | {
      kind: 'array_bounds';
      access: Access;
      side: 'after' | 'before';
      variable: string | null;
      index: number | null;
      length: number | null;
      where: SourcePlace | null;
    }
  | { kind: 'heap_bounds'; access: Access; side: 'after' | 'before'; where: SourcePlace | null }
  | { kind: 'use_after_free'; access: Access; where: SourcePlace | null }
  | { kind: 'double_free'; where: SourcePlace | null }
  | { kind: 'bad_free'; where: SourcePlace | null }
  | { kind: 'use_after_scope'; variable: string | null; where: SourcePlace | null }
  | { kind: 'use_after_return'; where: SourcePlace | null }
  | { kind: 'stack_overflow'; where: SourcePlace | null }
  | { kind: 'signed_overflow'; type: string; expression: string | null; where: SourcePlace | null }
  | { kind: 'division_by_zero'; where: SourcePlace | null }
  | { kind: 'shift'; detail: string; where: SourcePlace | null }
  | { kind: 'vla_bound'; value: string; where: SourcePlace | null }
  | { kind: 'memory_limit' }
  | { kind: 'other'; tool: 'AddressSanitizer' | 'UndefinedBehaviorSanitizer'; description: string; where: SourcePlace | null };

/** The student's words for a type the reports name: `long long int` reads `long long`. */
function typeInWords(type: string): string {
  return type
    .replace(/^'|'$/g, '')
    .replace(/\b(long|short) int\b/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** " (line 7)" in the student's main.c; elsewhere the file is named (a test's code is the tutor's). */
export function whereInWords(where: SourcePlace | null): string {
  if (!where) return '';
  if (where.file === STUDENT_FILE) return ` (line ${where.line})`;
  if (isTestCodeFile(where.file)) return ` (in the test's code, line ${where.line})`;
  return ` (in ${where.file}, line ${where.line})`;
}

const accessVerb = (access: Access) => (access === 'read' ? 'read' : access === 'write' ? 'wrote' : 'went');

/** The sentences, one function per kind of report. */
export const CRuntimeMessages = {
  nullPointer: (access: Access | 'member' | 'call', type: string | null, where: SourcePlace | null) => {
    const at = whereInWords(where);
    switch (access) {
      case 'read':
        return `Your program read memory through a NULL pointer${at}.`;
      case 'write':
        return `Your program wrote to memory through a NULL pointer${at}.`;
      case 'member':
        return `Your program used -> on a NULL pointer${type ? ` to ${typeInWords(type)}` : ''}${at}.`;
      case 'call':
        return `Your program called a function through a NULL pointer${at}.`;
      default:
        return `Your program used a NULL pointer${at}.`;
    }
  },
  badAddress: (access: Access, where: SourcePlace | null) =>
    `Segmentation fault: your program ${access === 'write' ? 'wrote to' : access === 'read' ? 'read' : 'used'} memory through a pointer that points nowhere valid (not set, or already freed)${whereInWords(where)}.`,
  arrayBounds: (f: Extract<Finding, { kind: 'array_bounds' }>) => {
    const array = f.variable ? `the array \`${f.variable}\`` : 'an array';
    const how = f.side === 'before' ? `before the start of ${array}` : `past the end of ${array}`;
    const verb = f.access === 'read' ? 'read' : f.access === 'write' ? 'wrote' : 'went';
    const index =
      f.index === null
        ? ''
        : f.side === 'before' || f.length === null
          ? `: index ${f.index}`
          : `: index ${f.index}, but it has ${f.length} ${f.length === 1 ? 'element' : 'elements'} (0 to ${f.length - 1})`;
    return `Your program ${verb} ${how}${whereInWords(f.where)}${index}.`;
  },
  heapBounds: (access: Access, side: 'after' | 'before', where: SourcePlace | null) =>
    `Your program ${accessVerb(access)} ${side === 'before' ? 'before the start' : 'past the end'} of a block from malloc${whereInWords(where)}.`,
  useAfterFree: (where: SourcePlace | null) => `Your program used memory after freeing it${whereInWords(where)}.`,
  doubleFree: (where: SourcePlace | null) => `Your program freed the same memory twice${whereInWords(where)}.`,
  badFree: (where: SourcePlace | null) => `Your program called free on memory that did not come from malloc${whereInWords(where)}.`,
  useAfterScope: (variable: string | null, where: SourcePlace | null) =>
    `Your program used ${variable ? `the variable \`${variable}\`` : 'a variable'} after its block had ended${whereInWords(where)}.`,
  useAfterReturn: (where: SourcePlace | null) =>
    `Your program used a local variable of a function that had already returned${whereInWords(where)}.`,
  stackOverflow: (where: SourcePlace | null) =>
    `Your program's recursion went too deep (stack overflow)${whereInWords(where)}: check that it reaches its base case.`,
  signedOverflow: (type: string, expression: string | null, where: SourcePlace | null) => {
    const words = typeInWords(type);
    return `Your program overflowed a signed ${words}${whereInWords(where)}${expression ? `: ${expression} does not fit in ${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}` : ''}.`;
  },
  divisionByZero: (where: SourcePlace | null) => `Your program divided by zero${whereInWords(where)}.`,
  shift: (detail: string, where: SourcePlace | null) => `Your program shifted a value out of range${whereInWords(where)}: ${detail}.`,
  vlaBound: (value: string, where: SourcePlace | null) =>
    `Your program made an array of ${value} elements${whereInWords(where)}: an array needs at least one.`,
  other: (tool: string, description: string, where: SourcePlace | null) =>
    tool === 'AddressSanitizer'
      ? `Your program made a memory error${whereInWords(where)} (AddressSanitizer: ${description}).`
      : `Your program did something C leaves undefined${whereInWords(where)}: ${description}.`,
  /** A signal with no sanitizer's report, in the words a terminal prints ("Your program crashed: " comes before). */
  signal: (name: string) => name,
};

export function describeFinding(finding: Finding): string {
  switch (finding.kind) {
    case 'null_pointer':
      return CRuntimeMessages.nullPointer(finding.access, finding.type, finding.where);
    case 'bad_address':
      return CRuntimeMessages.badAddress(finding.access, finding.where);
    case 'array_bounds':
      return CRuntimeMessages.arrayBounds(finding);
    case 'heap_bounds':
      return CRuntimeMessages.heapBounds(finding.access, finding.side, finding.where);
    case 'use_after_free':
      return CRuntimeMessages.useAfterFree(finding.where);
    case 'double_free':
      return CRuntimeMessages.doubleFree(finding.where);
    case 'bad_free':
      return CRuntimeMessages.badFree(finding.where);
    case 'use_after_scope':
      return CRuntimeMessages.useAfterScope(finding.variable, finding.where);
    case 'use_after_return':
      return CRuntimeMessages.useAfterReturn(finding.where);
    case 'stack_overflow':
      return CRuntimeMessages.stackOverflow(finding.where);
    case 'signed_overflow':
      return CRuntimeMessages.signedOverflow(finding.type, finding.expression, finding.where);
    case 'division_by_zero':
      return CRuntimeMessages.divisionByZero(finding.where);
    case 'shift':
      return CRuntimeMessages.shift(finding.detail, finding.where);
    case 'vla_bound':
      return CRuntimeMessages.vlaBound(finding.value, finding.where);
    case 'memory_limit':
      return 'Your program used more memory than it may.';
    case 'other':
      return CRuntimeMessages.other(finding.tool, finding.description, finding.where);
  }
}

/** The names terminals print for the signals a C program dies of, with what usually causes them. */
const SIGNAL_NAMES: Record<number, string> = {
  4: 'Illegal instruction.',
  5: 'Trace/breakpoint trap.',
  6: 'Aborted (abort() was called, for example by a failed assert).',
  7: 'Bus error.',
  8: 'Floating point exception (for example an integer division by zero).',
  9: 'Killed.',
  11: 'Segmentation fault (it read or wrote memory it does not own).',
  13: 'Broken pipe.',
  15: 'Terminated.',
};

/** A signal's name as "Your program crashed: …" continues it. */
export function signalName(signal: number | null): string {
  if (signal === null) return '';
  return CRuntimeMessages.signal(SIGNAL_NAMES[signal] ?? `signal ${signal}.`);
}

export type SanitizerReport = { start: number; text: string; finding: Finding };

const UBSAN_LINE = /^(?<file>[^\n:]+):(?<line>\d+):(?<column>\d+): runtime error: (?<description>[^\n]*)$/m;
const ASAN_START = /^(?:AddressSanitizer:DEADLYSIGNAL\n)*(?:=+\n)?==\d+==(?:ERROR: )?AddressSanitizer[: ]/m;
const STACK_FRAME = /^\s*#\d+ 0x[0-9a-f]+ in (?<fn>\S+) (?<file>[^\s:]+):(?<line>\d+)(?::(?<column>\d+))?$/;

/**
 * The first sanitizer's report in a run's stderr: where it starts (what is before is the program's own output) and
 * what it found. The program could print a report of its own; it then gets this sentence for its own run, no more.
 */
export function findSanitizerReport(stderr: string): SanitizerReport | null {
  const ubsan = UBSAN_LINE.exec(stderr);
  const asan = ASAN_START.exec(stderr);
  if (asan && (!ubsan || asan.index <= ubsan.index)) {
    const text = stderr.slice(asan.index);
    return { start: asan.index, text, finding: parseAddressSanitizer(text) };
  }
  if (ubsan) {
    const text = stderr.slice(ubsan.index);
    return { start: ubsan.index, text, finding: parseUndefinedBehavior(text) };
  }
  return null;
}

/** The frames of the report's first stack (the one of the faulty access), up to the blank line that ends it. */
function firstStack(text: string): SourcePlace[] {
  const places: SourcePlace[] = [];
  let seen = false;
  for (const line of text.split('\n')) {
    const frame = STACK_FRAME.exec(line);
    if (frame?.groups) {
      seen = true;
      const { file, line: number, column } = frame.groups;
      places.push({ file: file!.replace(/^\/sandbox\//, ''), line: Number(number), column: column ? Number(column) : null });
    } else if (seen && /^\s*#\d+ /.test(line)) {
      places.push({ file: '', line: 0, column: null });
    } else if (seen && line.trim() === '') break;
  }
  return places;
}

/** The student's line first; else the first line of the program's own files (not the C library's or the sanitizer's). */
function placeOf(stack: SourcePlace[]): SourcePlace | null {
  return (
    stack.find((p) => p.file === STUDENT_FILE) ??
    stack.find((p) => p.file && !p.file.startsWith('/') && !p.file.startsWith('..') && !p.file.includes('/')) ??
    null
  );
}

function accessOf(text: string): Access {
  const access = /^(READ|WRITE) of size \d+/m.exec(text)?.[1] ?? /The signal is caused by a (READ|WRITE) memory access/.exec(text)?.[1];
  return access === 'READ' ? 'read' : access === 'WRITE' ? 'write' : 'use';
}

function parseAddressSanitizer(text: string): Finding {
  if (
    /hard rss limit exhausted|specified RSS limit exceeded|allocation-size-too-big|out of memory: allocator is trying to allocate|allocator is out of memory|mmap_limit_mb|requested allocation size .* exceeds maximum supported size/.test(
      text,
    )
  )
    return { kind: 'memory_limit' };
  const kind = /==\d+==ERROR: AddressSanitizer: (\S+)/.exec(text)?.[1] ?? '';
  const where = placeOf(firstStack(text));
  const access = accessOf(text);
  const side = (words: string | undefined) => (words === 'to the left of' || words === 'before' ? 'before' : 'after');
  switch (kind) {
    case 'stack-buffer-overflow':
    case 'stack-buffer-underflow':
    case 'dynamic-stack-buffer-overflow': {
      const variable = /'([^']+)'(?: \([^)]*\))? <== Memory access at offset \d+ (partially )?(overflows|underflows)/.exec(text);
      return {
        kind: 'array_bounds',
        access,
        side: variable?.[3] === 'underflows' || kind === 'stack-buffer-underflow' ? 'before' : 'after',
        variable: variable?.[1] ?? null,
        index: null,
        length: null,
        where,
      };
    }
    case 'global-buffer-overflow': {
      const global = /is located \d+ bytes (to the right of|after|to the left of|before) global variable '([^']+)'/.exec(text);
      return { kind: 'array_bounds', access, side: side(global?.[1]), variable: global?.[2] ?? null, index: null, length: null, where };
    }
    case 'heap-buffer-overflow': {
      const region = /is located \d+ bytes (to the right of|after|to the left of|before) \d+-byte region/.exec(text);
      return { kind: 'heap_bounds', access, side: side(region?.[1]), where };
    }
    case 'heap-use-after-free':
      return { kind: 'use_after_free', access, where };
    case 'attempting': {
      if (/attempting double-free/.test(text)) return { kind: 'double_free', where };
      if (/attempting free on address which was not malloc\(\)-ed/.test(text)) return { kind: 'bad_free', where };
      break;
    }
    case 'stack-use-after-scope': {
      const variable = /'([^']+)'(?: \([^)]*\))? <== Memory access at offset \d+ is inside this variable/.exec(text);
      return { kind: 'use_after_scope', variable: variable?.[1] ?? null, where };
    }
    case 'stack-use-after-return':
      return { kind: 'use_after_return', where };
    case 'stack-overflow':
      return { kind: 'stack_overflow', where };
    case 'SEGV': {
      if (/pc points to the zero page|pc 0x0+ /.test(text)) return { kind: 'null_pointer', access: 'call', type: null, where };
      const address = /on unknown address (0x[0-9a-f]+)/.exec(text)?.[1];
      if (address !== undefined && Number(address) < 4096) return { kind: 'null_pointer', access, type: null, where };
      return { kind: 'bad_address', access, where };
    }
    case 'FPE':
      return { kind: 'division_by_zero', where };
  }
  const description = /==\d+==ERROR: AddressSanitizer: ([^\n]*)/.exec(text)?.[1] ?? 'an error';
  return { kind: 'other', tool: 'AddressSanitizer', description: description.replace(/ on (unknown )?address 0x[0-9a-f]+.*$/, ''), where };
}

/** A report's first line in UndefinedBehaviorSanitizer's format, from gcc's runtime or the WebAssembly runtime's. */
function parseUndefinedBehavior(text: string): Finding {
  const { file, line, column, description } = UBSAN_LINE.exec(text)!.groups!;
  const where: SourcePlace = { file: file!.replace(/^\/sandbox\//, ''), line: Number(line), column: Number(column) };
  const text1 = description!;
  let m: RegExpExecArray | null;
  if ((m = /^(load of|store to|member access within|member call on|\S.*?) null pointer of type (.+)$/.exec(text1))) {
    const access = m[1] === 'load of' ? 'read' : m[1] === 'store to' ? 'write' : /^member/.test(m[1]!) ? 'member' : 'use';
    return { kind: 'null_pointer', access, type: m[2]!.replace(/^'|'$/g, ''), where };
  }
  if ((m = /^index (-?\d+) out of bounds for type '(.*)'$/.exec(text1))) {
    const index = Number(m[1]);
    const length = /\[(\d+)\]$/.exec(m[2]!)?.[1];
    return {
      kind: 'array_bounds',
      access: 'use',
      side: index < 0 ? 'before' : 'after',
      variable: null,
      index,
      length: length === undefined ? null : Number(length),
      where,
    };
  }
  if ((m = /^signed integer overflow: (.+) cannot be represented in type '(.+)'$/.exec(text1)))
    return { kind: 'signed_overflow', type: m[2]!, expression: m[1]!, where };
  if ((m = /^negation of (.+) cannot be represented in type '([^']+)'/.exec(text1)))
    return { kind: 'signed_overflow', type: m[2]!, expression: `-(${m[1]!})`, where };
  if ((m = /^division of (.+) by -1 cannot be represented in type '(.+)'$/.exec(text1)))
    return { kind: 'signed_overflow', type: m[2]!, expression: `${m[1]!} / -1`, where };
  if (/^division by zero$/.test(text1)) return { kind: 'division_by_zero', where };
  if ((m = /^shift exponent (-?\d+) is negative/.exec(text1))) return { kind: 'shift', detail: `it shifted by ${m[1]!} bits`, where };
  if ((m = /^shift exponent (\d+) is too large for (\d+)-bit type '(.+)'$/.exec(text1)))
    return { kind: 'shift', detail: `it shifted ${a(typeInWords(m[3]!))} by ${m[1]!} bits, but it has only ${m[2]!}`, where };
  if ((m = /^left shift of negative value (-?\d+)/.exec(text1)))
    return { kind: 'shift', detail: `it shifted a negative value (${m[1]!}) left`, where };
  if ((m = /^left shift of (-?\d+) by (\d+) places cannot be represented in type '(.+)'$/.exec(text1)))
    return { kind: 'shift', detail: `${m[1]!} shifted left by ${m[2]!} places does not fit in ${a(typeInWords(m[3]!))}`, where };
  if ((m = /^variable length array bound evaluates to non-positive value (-?\d+)/.exec(text1)))
    return { kind: 'vla_bound', value: m[1]!, where };
  return { kind: 'other', tool: 'UndefinedBehaviorSanitizer', description: text1, where };
}

const a = (words: string) => `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;

/**
 * Fills what a report leaves out from the source it points at: the array's name at an out-of-bounds index (the
 * report names its type only) and whether the element was read or written.
 */
export function withSourceDetails(finding: Finding, sourceOf: (file: string) => string | undefined): Finding {
  if (finding.kind !== 'array_bounds' || !finding.where?.column || finding.variable) return finding;
  const source = sourceOf(finding.where.file);
  const line = source?.replace(/\r\n?/g, '\n').split('\n')[finding.where.line - 1];
  if (line === undefined) return finding;
  const indexed = indexedArrayAt(line, finding.where.column - 1);
  if (!indexed) return finding;
  return { ...finding, variable: indexed.variable, access: finding.access === 'use' ? indexed.access : finding.access };
}

/**
 * The array indexed at `at` in a line of C: gcc points at the `[`, Clang at the start of the expression. The name is
 * the identifier (with `.` and `->` members) before the brackets; what follows the closing bracket says whether the
 * element is written (an assignment, ++ or --), else it is read (unless its address is taken).
 */
export function indexedArrayAt(line: string, at: number): { variable: string; access: Access } | null {
  let open = at;
  if (line[at] !== '[') {
    const rest = /^[A-Za-z_][\w]*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*\s*/.exec(line.slice(at));
    if (!rest || line[at + rest[0].length] !== '[') return null;
    open = at + rest[0].length;
  }
  // The closing bracket of the outermost index at `open`, then over any further indices (a[i][j]).
  const before = line.slice(0, open);
  const name = /([A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*)\s*(?:\[[^[\]]*\]\s*)*$/.exec(before)?.[1];
  if (!name) return null;
  let end = open;
  while (line[end] === '[') {
    let depth = 0;
    for (; end < line.length; end++) {
      if (line[end] === '[') depth++;
      else if (line[end] === ']' && --depth === 0) break;
    }
    end++;
    while (line[end] === ' ') end++;
  }
  const after = line.slice(end);
  const start = before.slice(0, before.length - name.length).trimEnd();
  let access: Access = 'read';
  if (/^(?:[-+*/%&|^]|<<|>>)?=(?!=)|^(?:\+\+|--)/.test(after) || /(?:\+\+|--)$/.test(start)) access = 'write';
  else if (/&$/.test(start) && !/&&$/.test(start)) access = 'use';
  return { variable: name.replace(/\s+/g, ''), access };
}

/** A test's result once a report ended its run: a runtime error whose message is the report's sentence. */
export function runtimeErrorOf(result: TestResult, finding: Finding, sourceOf: (file: string) => string | undefined): TestResult {
  const message = describeFinding(withSourceDetails(finding, sourceOf));
  return { ...result, status: 'runtime_error', passed: false, message: cutText(message, STORED_MESSAGE_MAX_BYTES) };
}

/**
 * The run's stderr as kept: the program's own (its head, when long) and the report after it, within `keepBytes`, so
 * a program that printed much to stderr before it crashed still shows the report.
 */
export function stderrWithReport(own: string, report: string, keepBytes: number): string {
  if (!report) return truncateText(own, keepBytes);
  const ownBytes = Buffer.byteLength(own, 'utf8');
  const room = Math.max(keepBytes - Buffer.byteLength(report, 'utf8'), Math.floor(keepBytes / 4));
  const ownKept = ownBytes <= room ? own : `${truncateText(own, Math.max(0, room - 20))}\n… (cut here)\n`;
  return truncateText(ownKept + report, keepBytes);
}
