// Compiles and runs Java with the system JDK inside bubblewrap: no network, no host files but the JDK and the shared
// libraries it loads (read-only), a fresh work folder, an empty environment, its own host name, an unprivileged uid per
// grading slot, a read-only /dev with a small /dev/shm, no nested namespaces, a seccomp filter (sandbox/seccomp.ts), and
// rlimits on processes, address space, CPU time and file size (java-jdk.ts). The output is read through a byte counter
// that kills the program at the limit.
//
// A submission is the student's main file (`code`) and their further classes (`studentFiles`), beside the tutor's files
// (`files`: read-only classes, data files, hidden helpers, the JUnit class). All are written into one work folder and
// every .java file is compiled together, once; the other files are just there when the program runs, the tutor's .java
// sources excepted (removed once compiled). Then each test
// runs in a JVM of its own: the student's main for a test of input and output, the generated harness for a test with
// code (java-test-code.ts), or (mode 'junit') the tutor's JUnit class runs once in one JVM (junit.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { GradingFile, GradingResult, GradingSpec, TestResult } from '../../contract';
import { javaMainClass } from '../../../common/java-source';
import { parseJavacDiagnostics } from '../../diagnostics';
import { COMPILER_OUTPUT_KEEP_BYTES, messages, toTestResult, truncateText } from '../../limits';
import {
  addressSpaceMb,
  compileJava,
  findJdk,
  INSTALL_HINT,
  javaOptions,
  javaPackage,
  JVM_START_ALLOWANCE_MS,
  makeWorkDir,
  presentJavacOutput,
  runEnd,
  runJdk,
  writeWorkFile,
} from './java-jdk';
import { buildHarness, hasTestCode, HARNESS_FILE } from './java-test-code';
import { compiledRunner, findJUnitClass, installRunner, JUNIT_JAR, JUNIT_UNAVAILABLE, runJUnit } from './junit';

// The main file's name is read as the student's screen reads it for the tab.
export { javaMainClass };

/** A file name written into the work folder: one plain name, no folder, nothing hidden. */
const SAFE_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.$-]{0,99}$/;

type WorkFile = GradingFile & { student: boolean };

/**
 * The files of a submission, or why they cannot be laid out. A name of the student's that is not a plain `.java` name,
 * or that another file already has, is a compile error the student can fix; a bad name of the tutor's is the exercise's
 * fault. A file is never written over another.
 */
function layOut(
  spec: GradingSpec,
  mainFile: string,
  extra: GradingFile[],
): { files: WorkFile[] } | { compileError: string } | { error: string } {
  const files: WorkFile[] = [{ name: mainFile, content: spec.code, student: true }];
  for (const file of spec.files ?? []) {
    if (!SAFE_FILE_NAME.test(file.name))
      return { error: `The exercise's file name ${JSON.stringify(file.name)} is not a plain file name.` };
    files.push({ ...file, student: false });
  }
  for (const file of extra) files.push({ ...file, student: false });
  for (const file of spec.studentFiles ?? []) {
    if (!SAFE_FILE_NAME.test(file.name) || !file.name.endsWith('.java'))
      return { compileError: `${file.name}: a class file needs a plain name ending in .java, such as Rectangle.java.` };
    files.push({ ...file, student: true });
  }
  const seen = new Map<string, WorkFile>();
  for (const file of files) {
    const first = seen.get(file.name);
    if (!first) {
      seen.set(file.name, file);
      continue;
    }
    if (!first.student && !file.student) return { error: `Two of the exercise's files are named ${file.name}.` };
    return {
      compileError: `${file.name}: ${first.student && file.student ? 'two of your files have this name' : 'the exercise has a file of this name: give your class another name'}.`,
    };
  }
  return { files };
}

export type JavaGradingOptions = {
  /** The JUnit jar (Debian's by default); tests point it elsewhere to see what a machine without it says. */
  junitJar?: string;
};

export async function gradeJava(spec: GradingSpec, slot: number, options: JavaGradingOptions = {}): Promise<GradingResult> {
  const jdk = findJdk();
  if (typeof jdk === 'string') return { kind: 'unavailable', message: jdk };
  const junit = spec.mode === 'junit';
  const jar = options.junitJar ?? JUNIT_JAR;
  if (junit && !fs.existsSync(jar)) return { kind: 'unavailable', message: JUNIT_UNAVAILABLE };
  const junitClass = junit ? findJUnitClass(spec.files) : null;
  if (junit && !junitClass)
    return {
      kind: 'error',
      message:
        'This exercise is graded by JUnit, but none of its files is a JUnit test class (a .java file that imports org.junit.jupiter.api).',
    };
  let runner: Awaited<ReturnType<typeof compiledRunner>> | null = null;
  try {
    if (junit) runner = await compiledRunner(jdk, jar);
  } catch (error) {
    return { kind: 'error', message: `This server could not prepare its JUnit launcher: ${truncateText(String(error), 500)}` };
  }

  const main = javaMainClass(spec.code);
  const codeTests = !junit && spec.tests.some(hasTestCode);
  const harness = codeTests ? buildHarness(spec.tests, javaPackage(spec.code)) : null;
  const laidOut = layOut(spec, main.fileName, harness ? [{ name: harness.fileName, content: harness.source }] : []);
  if ('error' in laidOut) return { kind: 'error', message: laidOut.error };
  if ('compileError' in laidOut) return { kind: 'compile_error', output: laidOut.compileError, diagnostics: [] };
  const { files } = laidOut;

  const workDir = await makeWorkDir(slot);
  try {
    for (const file of files) await writeWorkFile(workDir, slot, file.name, file.content);
    const compile = await compileJava(jdk, {
      slot,
      workDir,
      sources: files.filter((f) => f.name.endsWith('.java')).map((f) => f.name),
      classpath: junit ? [jar] : [],
    });
    if (!compile.ok) {
      if (compile.timedOut) return { kind: 'compile_error', output: messages.compileTimeLimit(), diagnostics: [] };
      const studentFiles = new Set(files.filter((f) => f.student).map((f) => f.name));
      const output = presentJavacOutput(compile.output, studentFiles, (file, line) =>
        file === HARNESS_FILE ? (harness?.locate(line) ?? null) : null,
      );
      return {
        kind: 'compile_error',
        output: truncateText(output, COMPILER_OUTPUT_KEEP_BYTES),
        // The main file's diagnostics carry no file; those of the student's further classes carry theirs (their tabs).
        diagnostics: parseJavacDiagnostics(
          compile.output,
          main.fileName,
          (spec.studentFiles ?? []).map((f) => f.name),
        ),
      };
    }

    // The tutor's sources (hidden tests among them) are not left for the student's code to read and print: their classes are
    // what runs. Their data files stay.
    for (const file of files)
      if (!file.student && file.name.endsWith('.java')) await fs.promises.rm(path.join(workDir, file.name), { force: true });

    if (junitClass && runner) {
      await installRunner(runner, workDir);
      return await runJUnit(jdk, {
        slot,
        workDir,
        className: junitClass.className,
        testSource: junitClass.file.content,
        limits: spec.limits,
        jar,
      });
    }

    const tests: TestResult[] = [];
    for (const test of spec.tests) {
      const argument = harness?.argumentOf(test);
      const wallMs = spec.limits.timeMs + JVM_START_ALLOWANCE_MS;
      const run = await runJdk(jdk, {
        slot,
        workDir,
        writable: false,
        command: [
          jdk.java,
          ...javaOptions(spec.limits),
          '-cp',
          '/sandbox',
          ...(harness && argument !== undefined ? [harness.className, argument] : [main.className]),
        ],
        stdin: test.input,
        wallMs,
        cpuSeconds: Math.ceil(wallMs / 1000) + 1,
        addressSpaceMb: addressSpaceMb(spec.limits.memoryMb),
        outputLimitBytes: spec.limits.outputKb * 1024,
      });
      tests.push(toTestResult(test, { end: runEnd(run), stdout: run.stdout, stderr: run.stderr, timeMs: run.timeMs }, spec.limits));
    }
    return { kind: 'graded', tests };
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Java is available when the JDK and the sandbox tools are installed and a tiny sandboxed `java -version` works. It runs
 * in the asking grader's slot (its own sandbox uid): in another's, its threads would count against that slot's programs.
 * Where the JUnit jar is installed, its launcher is compiled here too, so that the first JUnit grading is not the slower.
 */
export async function javaSupport(slot = 0): Promise<{ ok: true } | { ok: false; reason: string }> {
  const jdk = findJdk();
  if (typeof jdk === 'string') return { ok: false, reason: jdk };
  const workDir = await makeWorkDir(slot);
  try {
    const run = await runJdk(jdk, {
      slot,
      workDir,
      writable: false,
      command: [jdk.java, ...javaOptions({ memoryMb: 64 }), '-version'],
      stdin: '',
      wallMs: 15_000,
      cpuSeconds: 15,
      addressSpaceMb: addressSpaceMb(64),
      outputLimitBytes: 64 * 1024,
    });
    if (run.exitCode !== 0) {
      const detail = truncateText(run.stderr.trim(), 500) || `exit code ${run.exitCode ?? run.signal}`;
      return {
        ok: false,
        reason: `This server cannot run Java yet: the sandbox did not start (${detail}). Check that bubblewrap can create user namespaces, or ${INSTALL_HINT}.`,
      };
    }
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
  // A failure here is not Java's: the JUnit grading that needs the launcher compiles it again and says what failed.
  if (fs.existsSync(JUNIT_JAR)) await compiledRunner(jdk).catch(() => undefined);
  return { ok: true };
}
