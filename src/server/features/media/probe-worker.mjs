// The probe worker's entry, plain JavaScript so that a worker thread can start it however the
// parent runs (node --import tsx, vitest): it teaches this thread TypeScript, then loads the probe.
import { register } from 'tsx/esm/api';

register();
await import('./probe-worker.ts');
