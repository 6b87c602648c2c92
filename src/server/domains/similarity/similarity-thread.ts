// The similarity check's worker thread: compares the programs it is given and answers with the pairs, off the
// server's event loop (a check of hundreds of programs takes seconds of CPU). Started by similarity-thread-host.ts.
import { parentPort } from 'node:worker_threads';
import { comparePrograms, type CompareInput } from './similarity-engine';

parentPort!.once('message', (input: CompareInput) => {
  try {
    parentPort!.postMessage({ ok: true, output: comparePrograms(input) });
  } catch (err) {
    parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
