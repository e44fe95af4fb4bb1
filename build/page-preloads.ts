import path from 'node:path';
import type { Plugin } from 'vite';
import { pageDeclaration, pageNames } from '../src/shared/pages';

/** Written next to index.html: page name → the built files that page's code needs. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

export type PagePreloads = Record<string, { scripts: string[]; styles: string[] }>;

/**
 * Each page of the route table is a lazy chunk, requested only once the app's own code has
 * downloaded and run. This plugin lists, per page, the chunk and every chunk it imports
 * statically (beyond what index.html already loads), so the server can name them in the
 * page's HTML and the browser fetches them alongside the app's code.
 *
 * The pages and their components' modules come from the page table (src/shared/pages.ts), whose
 * `component` is `<module under featuresDir>#<export>`, as the router loads it.
 */
export function pagePreloads({ featuresDir }: { featuresDir: string }): Plugin {
  return {
    name: 'page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const pageModules = pageNames.map((page) => ({ page, module: path.resolve(featuresDir, pageDeclaration(page).component.split('#')[0]!) }));

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
        if (!chunk) this.error(`page ${page}: no chunk built from ${module}`);
        const files = [...staticClosure([chunk.fileName])].filter((file) => !initial.has(file));
        const styles = new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
        preloads[page] = { scripts: files, styles: [...styles] };
      }
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

const stripExtension = (file: string) => file.replace(/\.[jt]sx?$/, '');
