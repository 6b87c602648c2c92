import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const dir = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// The web app: index.html at the repo root, entry src/web/main.tsx, built into dist/web,
// which the Fastify server serves (falling back to index.html for any non-/api path).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@common': dir('./src/common'),
      '@web': dir('./src/web'),
    },
  },
  build: {
    // DIST_DIR lets two builds (say, two test runs) live side by side; `dist` by default.
    outDir: `${process.env.DIST_DIR ?? 'dist'}/web`,
    emptyOutDir: true,
    target: 'es2022',
    // The whole point of the split: the landing page never downloads admin code.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The framework every page needs, in one long-cached chunk.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|sonner|clsx|tailwind-merge|class-variance-authority)[\\/]/,
              priority: 2,
            },
            // Icons are tiny; one shared chunk instead of a file per icon.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev:web` next to `npm run dev` (API on PORT, default 3000).
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`, changeOrigin: false } },
  },
  preview: { port: 4173 },
});
