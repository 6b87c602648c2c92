// Bundles the server into dist/server/main.js and the grading worker into dist/server/worker.js;
// dependencies stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    worker: 'src/grading/worker/main.ts',
    // The grading engine's worker threads: each is its own script, found beside main.js / worker.js at run time.
    'c-compiler-thread': 'src/grading/languages/c/c-compiler-thread.ts',
    'wasi-run-thread': 'src/grading/sandbox/wasi-run-thread.ts',
    'quickjs-run-thread': 'src/grading/languages/javascript/quickjs-run-thread.ts',
    // The process the app's own backups run in, at a lower priority (found beside main.js).
    'backup-child': 'src/server/platform/db/backup-child.ts',
    // The similarity check's comparison, off the server's event loop (found beside main.js).
    'similarity-thread': 'src/server/domains/similarity/similarity-thread.ts',
  },
  outdir: `${process.env.DIST_DIR ?? 'dist'}/server`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
