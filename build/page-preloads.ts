import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Written next to index.html: page name → the built files that page's code needs. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

export type PagePreloads = Record<string, { scripts: string[]; styles: string[] }>;

/**
 * Each page of the route table is a lazy chunk, requested only once the app's own code has
 * downloaded and run. This plugin lists, per page, the chunk and every chunk it imports
 * statically (beyond what index.html already loads), so the server can name them in the
 * page's HTML and the browser fetches them alongside the app's code.
 *
 * The page names come from `pageComponents` in the route table (src/web/app/routes.tsx):
 * `name: () => import('../features/…')`.
 */
export function pagePreloads({ routesFile }: { routesFile: string }): Plugin {
  return {
    name: 'page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const source = readFileSync(routesFile, 'utf8');
      const pageModules = [...source.matchAll(/^\s+(\w+): \(\) => import\('([^']+)'\)/gm)].map(([, page, specifier]) => ({
        page: page!,
        module: path.resolve(path.dirname(routesFile), specifier!),
      }));
      if (!pageModules.length) this.error(`no pages found in ${routesFile}`);

      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const staticClosure = (files: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        files.forEach(visit);
        return seen;
      };
      const initial = staticClosure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));

      const preloads: PagePreloads = {};
      for (const { page, module } of pageModules) {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId && stripExtension(candidate.facadeModuleId) === module);
        if (!chunk) continue;
        const files = [...staticClosure([chunk.fileName])].filter((file) => !initial.has(file));
        const styles = new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
        preloads[page] = { scripts: files, styles: [...styles] };
      }
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

const stripExtension = (file: string) => file.replace(/\.[jt]sx?$/, '');
