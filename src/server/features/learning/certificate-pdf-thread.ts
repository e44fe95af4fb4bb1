import { parentPort } from 'node:worker_threads';
import type { Certificate } from '../../../shared/schemas/certificates';
import { drawCertificate } from './draw-certificate';

/** A drawing asked of the worker, and its answer (the PDF's bytes, handed over, or why it failed). */
export type PdfRequest = { id: number; certificate: Certificate; verificationUrl: string };
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

// One drawing at a time, in arrival order: the thread is the queue.
parentPort!.on('message', ({ id, certificate, verificationUrl }: PdfRequest) => {
  drawCertificate(certificate, verificationUrl).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf);
      parentPort!.postMessage({ id, pdf: bytes } satisfies PdfAnswer, [bytes.buffer]);
    },
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PdfAnswer),
  );
});
