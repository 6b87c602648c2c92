// Starts one of the grading's worker-thread scripts, both from source (tests, tsx) and from the esbuild bundle.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

export type ThreadName = 'c-compiler-thread' | 'wasi-run-thread' | 'quickjs-run-thread';

/** Where each thread's source sits, relative to this folder (src/grading/sandbox). */
const SOURCES: Record<ThreadName, string> = {
  'c-compiler-thread': '../languages/c/c-compiler-thread.ts',
  'wasi-run-thread': './wasi-run-thread.ts',
  'quickjs-run-thread': '../languages/javascript/quickjs-run-thread.ts',
};

/**
 * The bundle writes every thread as its own script beside the entry that starts it (dist/server/<name>.js, see
 * scripts/build-server.mjs), and the code that starts threads is bundled into that entry: so the thread is either
 * beside this code (the bundle) or at its source path (tests, tsx).
 */
function findScript(name: ThreadName): URL {
  const candidates = [new URL(`./${name}.js`, import.meta.url), new URL(SOURCES[name], import.meta.url)];
  const found = candidates.find((url) => url.protocol === 'file:' && fs.existsSync(fileURLToPath(url)));
  if (!found) throw new Error(`The grading thread script ${name} was not found next to ${import.meta.url}.`);
  return found;
}

export function startThread(name: ThreadName, resourceLimits?: ResourceLimits): Worker {
  const worker = createWorker(findScript(name), resourceLimits);
  // An 'error' event with no listener would bring down the hosting process; the callers listen for it while they wait.
  worker.on('error', () => undefined);
  return worker;
}

function createWorker(script: URL, resourceLimits: ResourceLimits | undefined): Worker {
  // Plain workers cannot load TypeScript; from source the thread imports the file through tsx's loader instead.
  if (script.pathname.endsWith('.ts')) {
    // The ESM build of tsx's API (resolving 'tsx/esm/api' from here would pick its CommonJS build, which cannot do this).
    const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const tsxApi = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
    const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(script.href)}, ${JSON.stringify(script.href)}));`;
    return new Worker(bootstrap, { eval: true, resourceLimits, stdout: false, stderr: false, env: {} });
  }
  return new Worker(script, { resourceLimits, env: {} });
}
