// Runs one comparison in a worker thread of its own, from source (tests, tsx) and from the esbuild bundle alike.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompareInput, CompareOutput } from './similarity-engine';

/** A comparison that takes longer than this is stopped: the check fails with a message instead of running on. */
export const COMPARE_TIMEOUT_MS = 5 * 60_000;

/**
 * The bundle writes the thread as its own script beside the server's main.js (scripts/build-server.mjs), and this
 * code is bundled into main.js: so the thread is beside this code (the bundle) or at its source path (tests, tsx).
 */
function threadScript(): URL {
  const candidates = [new URL('./similarity-thread.js', import.meta.url), new URL('./similarity-thread.ts', import.meta.url)];
  const found = candidates.find((url) => url.protocol === 'file:' && fs.existsSync(fileURLToPath(url)));
  if (!found) throw new Error(`The similarity thread script was not found next to ${import.meta.url}.`);
  return found;
}

function startThread(): Worker {
  const script = threadScript();
  // A plain worker cannot load TypeScript: from source it imports the file through tsx's loader (its ESM API).
  const resourceLimits = { maxOldGenerationSizeMb: 1024 };
  if (script.pathname.endsWith('.ts')) {
    const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const tsxApi = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
    const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(script.href)}, ${JSON.stringify(script.href)}));`;
    return new Worker(bootstrap, { eval: true, resourceLimits, env: {} });
  }
  return new Worker(script, { resourceLimits, env: {} });
}

/** Compares the programs in a new worker thread, which is ended with the answer (or at the time limit). */
export async function compareInThread(input: CompareInput, timeoutMs = COMPARE_TIMEOUT_MS): Promise<CompareOutput> {
  const thread = startThread();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<CompareOutput>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`The comparison took longer than ${Math.round(timeoutMs / 1000)} s.`)), timeoutMs);
      thread.once('message', (reply: { ok: true; output: CompareOutput } | { ok: false; error: string }) =>
        reply.ok ? resolve(reply.output) : reject(new Error(reply.error)),
      );
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`The comparison thread stopped (exit code ${code}).`)));
      thread.postMessage(input);
    });
  } finally {
    clearTimeout(timer);
    await thread.terminate();
  }
}
