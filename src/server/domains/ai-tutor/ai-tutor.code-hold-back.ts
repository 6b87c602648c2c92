/**
 * The answer's words go to the student as they stream, but a fenced code block (``` or ~~~) is
 * held back until it closes: then the code of every block so far is checked, and the block is
 * released, or the answer is stopped (`leaked`) before any of it reached the student.
 *
 * Only the start of a line is ever held for long: while it could still become a fence
 * ("`", "``", spaces), it waits for the next character that settles it.
 */

export type HoldBackStep = { text: string; leaked: boolean };

const OPENER = /^ {0,3}(`{3,}|~{3,})/;
/** A line start that may still grow into a fence. */
const UNDECIDED = /^ {0,3}(`{0,2}|~{0,2})$/;

export function createCodeHoldBack(isLeak: (allCode: string) => boolean) {
  let mode: 'line-start' | 'prose' | 'code' = 'line-start';
  let held = '';
  let fence = '';
  let block = '';
  let closer: RegExp = /$^/;
  const code: string[] = [];
  let leaked = false;

  /** A finished block: checked with the blocks before it, then released whole. */
  function finish(inner: string): string | null {
    code.push(inner);
    if (isLeak(code.join('\n'))) {
      leaked = true;
      return null;
    }
    return block;
  }

  function openFence(opener: string) {
    fence = OPENER.exec(opener)![1]!;
    closer = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    mode = 'code';
    block = held;
    held = '';
  }

  return {
    push(piece: string): HoldBackStep {
      if (leaked) return { text: '', leaked };
      let out = '';
      for (const ch of piece) {
        if (mode === 'prose') {
          out += ch;
          if (ch === '\n') mode = 'line-start';
          continue;
        }
        if (mode === 'line-start') {
          held += ch;
          if (ch === '\n') {
            if (OPENER.test(held)) openFence(held);
            else {
              out += held;
              held = '';
            }
          } else if (!UNDECIDED.test(held)) {
            if (OPENER.test(held)) openFence(held);
            else {
              out += held;
              held = '';
              mode = 'prose';
            }
          }
          continue;
        }
        block += ch;
        if (ch !== '\n') continue;
        const lines = block.split('\n');
        const last = lines[lines.length - 2]!;
        // The block's own first line is the opener, never its closer.
        if (lines.length > 2 && closer.test(last)) {
          const released = finish(lines.slice(1, -2).join('\n'));
          if (released === null) return { text: out, leaked };
          out += released;
          block = '';
          mode = 'line-start';
        }
      }
      return { text: out, leaked };
    },

    /** The end of the answer: a closing fence without a newline, or a block never closed, is checked too. */
    end(): HoldBackStep {
      if (leaked) return { text: '', leaked };
      if (mode === 'code') {
        const lines = block.split('\n');
        const closed = lines.length > 1 && closer.test(lines[lines.length - 1]!);
        const released = finish(lines.slice(1, closed ? -1 : undefined).join('\n'));
        if (released === null) return { text: '', leaked };
        return { text: released, leaked };
      }
      const text = held;
      held = '';
      return { text, leaked };
    },
  };
}
