import { Worker } from 'node:worker_threads';
import type { Certificate } from '../../../shared/schemas/certificates';
import type { PdfAnswer, PdfRequest } from './certificate-pdf-thread';

/**
 * Certificates are drawn in a worker thread, never on the thread that answers requests: a
 * drawing costs 8 ms without its embedded fonts and 120 to 270 ms with them (parsing and
 * subsetting DejaVu Sans; measured on a 2-core machine under a load of 12), which would stall
 * every other request meanwhile. One long-lived worker keeps the fonts and catalogues loaded and
 * draws one certificate at a time; the others wait their turn in its queue.
 */

const WORKER_ENTRY = new URL('./certificate-pdf-worker.mjs', import.meta.url);

/** A drawing that has not answered by then fails (the worker is restarted), rather than hang the download. */
const DRAW_TIMEOUT_MS = 30_000;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();

/** Fails every drawing in flight and forgets the worker: the next download starts a new one. */
function discardWorker(reason: Error) {
  const ended = worker;
  worker = undefined;
  for (const [id, waiting] of pending) {
    clearTimeout(waiting.timer);
    waiting.reject(reason);
    pending.delete(id);
  }
  void ended?.terminate();
}

function pdfWorker(): Worker {
  if (worker) return worker;
  // Not the parent's flags (a test runner's or a debugger's): the entry loads what it needs.
  const started = new Worker(WORKER_ENTRY, { execArgv: [] });
  // An idle worker does not keep the process alive.
  started.unref();
  started.on('message', (answer: PdfAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    clearTimeout(waiting.timer);
    if ('pdf' in answer) waiting.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else waiting.reject(new Error(`certificate PDF: ${answer.error}`));
  });
  started.on('error', (error) => {
    if (worker === started) discardWorker(error);
  });
  started.on('exit', (code) => {
    if (worker === started) discardWorker(new Error(`certificate PDF worker ended (exit code ${code})`));
  });
  worker = started;
  return started;
}

/** The certificate as a PDF; `verificationUrl`: its public page, printed on it. */
export function renderCertificatePdf(certificate: Certificate, verificationUrl: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const target = pdfWorker();
    const id = nextId++;
    const timer = setTimeout(() => {
      if (pending.has(id) && worker === target) discardWorker(new Error(`certificate PDF took over ${DRAW_TIMEOUT_MS} ms`));
    }, DRAW_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    target.postMessage({ id, certificate, verificationUrl } satisfies PdfRequest);
  });
}
