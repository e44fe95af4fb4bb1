/**
 * `npm run build:server`: compiles the server to plain JavaScript in dist/server, so production
 * runs `node dist/server/main.mjs` with no TypeScript loader. Dependencies stay in node_modules;
 * what the code reads from disk next to itself comes along: the migrations (src/server/db/client.ts),
 * the video probe worker, which video-prober.ts starts from `./probe-worker.mjs`, and the certificates'
 * PDF worker (`./certificate-pdf-worker.mjs`) and the quizzes' GIFT reader (`./gift-worker.mjs`).
 */
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = 'dist/server';

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    // Compiled, the worker needs no TypeScript loader: it replaces the source's loader shim of the same name.
    'probe-worker': 'src/server/features/media/probe-worker.ts',
    // The same for the certificates' PDF worker (src/server/features/learning/certificate-pdf.ts).
    'certificate-pdf-worker': 'src/server/features/learning/certificate-pdf-thread.ts',
    // And the quizzes' GIFT reader (src/server/features/quizzes/gift-thread.ts).
    'gift-worker': 'src/server/features/quizzes/gift-worker.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
