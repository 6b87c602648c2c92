// Bundles the server into dist/server/main.js and the grading worker into dist/server/worker.js;
// dependencies stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    worker: 'src/server/worker.ts',
    // The grading engine's worker threads: each is its own script, found beside main.js / worker.js at run time.
    'c-compiler-thread': 'src/server/modules/practice/grading/c-compiler-thread.ts',
    'wasi-run-thread': 'src/server/modules/practice/grading/wasi-run-thread.ts',
    'quickjs-run-thread': 'src/server/modules/practice/grading/quickjs-run-thread.ts',
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
