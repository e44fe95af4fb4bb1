// The certificate PDF worker's entry, plain JavaScript so that a worker thread can start it however
// the parent runs (node --import tsx, vitest): it teaches this thread TypeScript, then loads the worker.
// The build compiles pdf-worker.ts to a file of this name beside the server (build/server.ts).
import { register } from 'tsx/esm/api';

register();
await import('./certificate-pdf-thread.ts');
