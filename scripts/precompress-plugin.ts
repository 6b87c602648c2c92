import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes Brotli (best) and gzip (best) copies of the hashed build assets next to them, for
 * @fastify/static's `preCompressed` (src/server/app.ts): smaller than compressing on the fly (the
 * vendor chunk: 125 KB gzip at request time, 109 KB Brotli 11), and no CPU spent per request.
 */
export function precompress({ minBytes = 1024 }: { minBytes?: number } = {}): Plugin {
  let assetsDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const files = await fs.readdir(assetsDir).catch(() => [] as string[]);
      await Promise.all(
        files
          .filter((name) => /\.(js|css|svg|json|txt)$/.test(name))
          .map(async (name) => {
            const file = path.join(assetsDir, name);
            const body = await fs.readFile(file);
            if (body.length < minBytes) return;
            const brotli = zlib.brotliCompressSync(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            });
            await fs.writeFile(`${file}.br`, brotli);
            await fs.writeFile(`${file}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
          }),
      );
    },
  };
}
