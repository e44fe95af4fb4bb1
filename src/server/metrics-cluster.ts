import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

const SCRAPE_REQUEST = 'marketplace:metrics-scrape';
const SCRAPE_ANSWER = 'marketplace:metrics-scraped';
/** prom-client's primary gives up on a silent worker after 5 s; the worker waits a little longer. */
const SCRAPE_TIMEOUT_MS = 6000;

type ScrapeRequest = { type: typeof SCRAPE_REQUEST; id: string };
type ScrapeAnswer = { type: typeof SCRAPE_ANSWER; id: string; text?: string; error?: string };

/**
 * In the primary: answers a worker's scrape with the metrics of every worker, summed (gauges
 * that every worker reads from the database declare `max`), through prom-client's aggregator.
 */
export function serveClusterScrapes(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: ScrapeRequest) => {
    if (message?.type !== SCRAPE_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: SCRAPE_ANSWER, id: message.id, text } satisfies ScrapeAnswer),
      (error: Error) => worker.send({ type: SCRAPE_ANSWER, id: message.id, error: error.message } satisfies ScrapeAnswer),
    );
  });
}

/**
 * In a worker: gives the primary this process's registry to sum, and answers a scrape that
 * reached this worker with the sum over the cluster (asked of the primary), so that whichever
 * worker the scraper's connection lands on, it reads the whole server.
 */
export function clusterScrapeFromWorker(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Its constructor, in a worker, starts answering the primary's requests for the local metrics.
  new AggregatorRegistry();
  const waiting = new Map<string, { resolve(text: string): void; reject(error: Error): void }>();
  process.on('message', (message: ScrapeAnswer) => {
    if (message?.type !== SCRAPE_ANSWER) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.text !== undefined) pending.resolve(message.text);
    else pending.reject(new Error(`cluster metrics: ${message.error ?? 'no answer'}`));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('cluster metrics: the primary did not answer'));
      }, SCRAPE_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      process.send!({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
    });
}
