import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** OTLP's span kinds and status codes, as numbers in its JSON encoding. */
export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;
export const STATUS_ERROR = 2;

export type CollectedSpan = {
  traceId: string;
  spanId: string;
  /** Empty for a trace's first span. */
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number; message?: string };
  /** The attributes of the process that sent it (`service.name`, `process.pid`…). */
  resource: Record<string, unknown>;
};

type AnyValue = Record<string, unknown>;
type KeyValue = { key: string; value: AnyValue };

/** `{ stringValue: 'x' }`, `{ intValue: 200 }`…: the one value, whatever its type. */
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));

export type OtlpCollector = {
  /** The OTLP endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT takes it (spans are posted to `<url>/v1/traces`). */
  url: string;
  spans: CollectedSpan[];
  /** The headers of each export received. */
  exports: IncomingHttpHeaders[];
  close(): Promise<void>;
};

/**
 * A collector as small as it gets: accepts `POST /v1/traces` in OTLP/JSON (what
 * @opentelemetry/exporter-trace-otlp-http sends) and keeps every span, flattened.
 */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const exports: IncomingHttpHeaders[] = [];
  const server = http.createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    exports.push(request.headers);
    const payload = JSON.parse(body) as {
      resourceSpans: { resource: { attributes: KeyValue[] }; scopeSpans: { spans: (Omit<CollectedSpan, 'attributes' | 'resource'> & { attributes: KeyValue[] })[] }[] }[];
    };
    for (const { resource, scopeSpans } of payload.resourceSpans) {
      for (const scope of scopeSpans) {
        for (const span of scope.spans) {
          spans.push({ ...span, parentSpanId: span.parentSpanId ?? '', attributes: attributesOf(span.attributes), resource: attributesOf(resource.attributes) });
        }
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    exports,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
