// The GIFT reader's worker entry, plain JavaScript so that a worker thread can start it however the
// parent runs (node --import tsx, vitest): it teaches this thread TypeScript, then loads the reader.
// The build is to compile gift-worker.ts to a file of this name beside the server (build/server.ts).
import { register } from 'tsx/esm/api';

register();
await import('./gift-worker.ts');
