import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * A `console.error` during a test fails it: an error the code only printed (a rejected promise
 * logged by a library, a React warning) is a bug the assertions did not see.
 */
const original = console.error;
let printed: string[] = [];

beforeEach(() => {
  printed = [];
  console.error = (...args: unknown[]) => {
    printed.push(format(...args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (printed.length) throw new Error(`console.error was called during this test:\n${printed.join('\n')}`);
});
