import path from 'node:path';
import type { Plugin } from 'vite';

/** What the server adds to index.html for one page: its route's chunks, and the API answers it waits for. */
export type RoutePreload = {
  /** A path pattern of src/web/lib/paths.ts (`:name` matches one segment). */
  pattern: string;
  /** The route's own chunks and what they import, beyond what index.html already loads. */
  modules: string[];
  /** API paths the page asks for before it can show anything (same `:name` placeholders), fetched only for a signed-in request. */
  data: string[];
};

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Every page of the single-page app is its own chunk, which the router asks for only once the
 * entry and the framework have run: one more round trip before the first paint. This plugin
 * writes, per route, the chunks it needs (ROUTE_PRELOADS_FILE next to index.html); the server
 * puts them into the page as `<link rel="modulepreload">` (src/server/platform/http/page-preloads.ts)
 * so they download beside the framework.
 */
export function routePreload(routes: Record<string, { modules: string[]; data?: string[] }>): Plugin {
  let root = '';
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFacade = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [path.resolve(c.facadeModuleId!), c]));
      // A page module the build grouped with others (vite.config.ts, the signed-in pages' shell) is in a chunk it does not front.
      const containing = (id: string) => chunks.find((c) => c.moduleIds.some((m) => path.resolve(m) === id));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const dep of byFile.get(fileName)?.imports ?? []) closure(dep, into);
        return into;
      };
      // What index.html loads anyway.
      const loaded = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) closure(entry.fileName, loaded);

      const preloads: RoutePreload[] = Object.entries(routes).map(([pattern, { modules, data = [] }]) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byFacade.get(path.resolve(root, module)) ?? containing(path.resolve(root, module));
          // A page that moved or is not lazy any more: that route simply goes without (the build says so).
          if (!chunk) this.warn(`route-preload: no chunk holds ${module} (route ${pattern}); is it imported lazily?`);
          else closure(chunk.fileName, files);
        }
        return { pattern, modules: [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`), data };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 1) });
    },
  };
}
