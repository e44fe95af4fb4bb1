import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { endpointRoutesOnly } from './build/endpoint-routes';
import { pagePreloads } from './build/page-preloads';

/** src/web/i18n/server-react-i18next.ts says why the server's rendering has its own `useTranslation`. */
const serverTranslation = path.resolve('src/web/i18n/server-react-i18next.ts');
const serverReactI18next = (): Plugin => ({
  name: 'server-react-i18next',
  enforce: 'pre',
  resolveId(source, importer) {
    // The module itself reads the library's exports from the library.
    if (source === 'react-i18next' && importer !== serverTranslation) return serverTranslation;
  },
});

/**
 * The web app lives in src/web; the build lands in dist/web, where the server serves it
 * (src/server/web/spa.ts fills `<!--app-head-->` of the built index.html per page).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [
    react(),
    // The server-rendering build (`--ssr entry-server.tsx`, to dist/ssr) has no chunks to preload.
    ...(isSsrBuild ? [serverReactI18next()] : [pagePreloads({ featuresDir: 'src/web/features' })]),
    endpointRoutesOnly({ tableFile: 'src/shared/endpoints/endpoint-table.ts' }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  preview: {
    port: 4173,
  },
  // The server-rendering build carries its libraries, in their production form: React's development
  // build renders several times slower, and the server's NODE_ENV says nothing about React's.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        assetsDir: 'assets',
        // Hashed file names only: the server caches everything under assets/ for a year.
        sourcemap: false,
        rolldownOptions: {
          // A feature's entry (features/<name>/index.ts) only re-exports: a page that imports one
          // name from it must not load the modules behind its other names.
          treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }] },
          output: {
            codeSplitting: {
              // Libraries change less often than our code: in chunks of their own they stay cached
              // across deploys. Only what the first page needs ($initial) is grouped; the rest of
              // Mantine (menus, modals, drawers) stays with the lazy chunks that use it. The bundler
              // puts every module in exactly one chunk, so no page gets a second copy of Mantine.
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, tags: ['$initial'], priority: 3 },
                { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'], priority: 2 },
                { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
      },
}));
