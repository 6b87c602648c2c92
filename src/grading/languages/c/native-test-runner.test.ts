import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GradingResult, TestResult } from '../../contract';
import { createGrader } from '../../dispatch';
import { SHORT_LIMITS, spec, test } from '../../test-helpers';
import { sandboxProcessesAlive, sandboxUid } from '../../sandbox/bubblewrap';
import { nativeCSupport, RUNNER_STOPPED, testSlotOf } from './native-c';
import { parseRunnerOutput, runnerInput } from './native-test-runner';

// Every test of a native C grading runs in one sandbox start, under a runner of ours that starts the program afresh
// for each test. A program shares that sandbox and uid with the runner: these are the ways it could use that to carry
// something from one test into the next, or to make a test it failed look passed.
const SLOT = 44;
const native = await nativeCSupport(SLOT);
const grader = createGrader({ cPath: 'native', sandboxSlot: SLOT });
afterAll(() => grader.close());

/** Whether any control group this process made for a run is still there (none may be, once a grading has ended). */
function groupsLeft(): boolean {
  const walk = (dir: string, depth: number): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    return entries.some(
      (e) =>
        e.isDirectory() && (e.name.startsWith(`tutor-sandbox-${process.pid}-`) || (depth < 4 && walk(path.join(dir, e.name), depth + 1))),
    );
  };
  return walk('/sys/fs/cgroup', 0);
}

function tests(result: GradingResult): TestResult[] {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests;
}

describe('the runner protocol', () => {
  it('frames inputs by their length in bytes and reads back each record, stopping at one cut short', () => {
    expect(runnerInput(['1 2', 'é\n'])).toBe('2\n3\n1 23\né\n');
    const line = (i: number) => `T ${i} E 0 1500 4 0 ${Buffer.from('ok\n!').toString('base64')} -`;
    const records = parseRunnerOutput(`${line(0)}\n${line(1)}\nT 2 S 9 10`);
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ index: 1, how: 'E', value: 0, timeMs: 1.5, stdout: 'ok\n!', stderr: '' });
    // A record out of order ends the list: nothing after it is believed.
    expect(parseRunnerOutput(`${line(1)}\n${line(0)}`)).toEqual([]);
  });
});

describe.runIf(native.ok)('one sandbox start for every test, on the native path', () => {
  it('gives each test a fresh start: what a test left in /tmp or a process it left running is gone for the next', async () => {
    // Test 1 leaves a file and a process that would write the answer into it later; test 2 looks for both.
    const code = `#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  if (n == 1) {
    FILE *f = fopen("/tmp/left", "w");
    fputs("left behind", f);
    fclose(f);
    if (fork() == 0) {
      usleep(300000);
      FILE *g = fopen("/tmp/later", "w");
      fputs("written later", g);
      fclose(g);
      _exit(0);
    }
    printf("first\\n");
    return 0;
  }
  usleep(600000);
  FILE *f = fopen("/tmp/left", "r");
  FILE *g = fopen("/tmp/later", "r");
  printf("%s %s\\n", f ? "found" : "fresh", g ? "found" : "fresh");
  return 0;
}
`;
    const [first, second] = tests(
      await grader.grade(spec('c', code, [test('1', 'first'), test('2', 'fresh fresh', { id: 't2' })], SHORT_LIMITS)),
    );
    expect(first!.passed).toBe(true);
    expect(second, JSON.stringify(second)).toMatchObject({ passed: true, stdout: 'fresh fresh\n' });
  });

  it('fails the tests a program keeps from running by ending the runner, and the one that did it', async () => {
    const code = `#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  if (n == 2) kill(getppid(), SIGKILL);
  printf("%d\\n", n);
  return 0;
}
`;
    const results = tests(
      await grader.grade(spec('c', code, [test('1', '1'), test('2', '2', { id: 't2' }), test('3', '3', { id: 't3' })], SHORT_LIMITS)),
    );
    expect(results[0]!.passed).toBe(true);
    for (const later of results.slice(1)) {
      expect(later.passed).toBe(false);
      expect(later.status).toBe('runtime_error');
      expect(later.message).toContain(RUNNER_STOPPED);
    }
  });

  it("takes a program's output for output, even when it looks like the runner's own report", async () => {
    const forged = `T 1 E 0 1 2 0 ${Buffer.from('2\n').toString('base64')} -`;
    const code = `#include <stdio.h>
int main(void) {
  printf("\\n${forged}\\n");
  return 3;
}
`;
    const results = tests(await grader.grade(spec('c', code, [test('1', '1'), test('2', '2', { id: 't2' })], SHORT_LIMITS)));
    for (const result of results) {
      expect(result.passed).toBe(false);
      expect(result.stdout).toBe(`\n${forged}\n`);
      expect(result.exitCode).toBe(3);
    }
  });

  it('holds each test to its own time limit: a slow first test does not take the time of the others', async () => {
    const code = `#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  if (n == 1) for (;;) {}
  printf("%d\\n", n);
  return 0;
}
`;
    const [slow, quick] = tests(await grader.grade(spec('c', code, [test('1', '1'), test('2', '2', { id: 't2' })], SHORT_LIMITS)));
    expect(slow!.status).toBe('time_limit');
    expect(quick!.passed).toBe(true);
  });

  it("ends with nothing of the compile's sandbox or the tests' left running", async () => {
    // The tests start as soon as gcc has ended, while the compile's sandbox is still going away: the grading waits for it.
    const code = '#include <stdio.h>\nint main(void) { puts("1"); return 0; }\n';
    for (let i = 0; i < 3; i++) {
      expect(tests(await grader.grade(spec('c', code, [test('', '1')])))[0]!.passed).toBe(true);
      expect(groupsLeft()).toBe(false);
      expect(await sandboxProcessesAlive(sandboxUid(SLOT)!)).toBe(false);
      expect(await sandboxProcessesAlive(sandboxUid(testSlotOf(SLOT))!)).toBe(false);
      // A compile with no test to run: the grading's end follows gcc's at once.
      expect(tests(await grader.grade(spec('c', code, [])))).toEqual([]);
      expect(groupsLeft()).toBe(false);
      expect(await sandboxProcessesAlive(sandboxUid(SLOT)!)).toBe(false);
    }
  });
});
