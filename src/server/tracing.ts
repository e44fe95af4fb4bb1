/**
 * OpenTelemetry traces, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (config.ts): one SERVER span
 * per request, named by its route's pattern; a CLIENT span per database statement, per outgoing
 * HTTP call (fetch, and node:http for the Stripe and S3 SDKs) and per e-mail handed to the SMTP
 * server; exported over OTLP/HTTP (JSON) in batches.
 *
 * Off, the SDK is never imported (only `import type` here): the app adds no hook, and a database
 * statement or an e-mail pays one check of `running`. Nothing is patched: requests are traced by
 * Fastify hooks, statements by the database module's own client, fetch and node:http through
 * Node's diagnostics channels (which work in ESM without loader hooks).
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type * as OpenTelemetry from '@opentelemetry/api';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TracingSettings } from './config';
import { loggableRequestUrl, redactQuery } from './http/log-redaction';

type Api = typeof OpenTelemetry;

/** Requests no route matched share one span name (the metrics give them the same label). */
const UNMATCHED_ROUTE = 'unmatched';

/** How long the last spans may take to reach the collector when the process stops. */
const SHUTDOWN_FLUSH_MS = 3000;

/** Set while traces are on in this process. */
let running: { api: Api; tracer: Tracer } | undefined;

export type Tracing = {
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Stops tracing and sends what is left: after the app has closed, so that its last requests go too. */
  shutdown(): Promise<void>;
};

const OFF: Tracing = { flush: async () => {}, shutdown: async () => {} };

/** Whether this process traces (for tests, and for work worth skipping when it does not). */
export const tracingIsOn = () => running !== undefined;

/**
 * Loads the SDK and starts tracing this process (each worker of a cluster traces itself). Before
 * the app is built: the app's hooks are added only when tracing is on.
 */
export async function startTracing(settings: TracingSettings | undefined): Promise<Tracing> {
  if (!settings) return OFF;
  if (running) throw new Error('tracing is already on in this process');
  const [api, core, { NodeTracerProvider }, base, { OTLPTraceExporter }, resources, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const { name, ratio } = settings.sampler;
  const rootSampler = name.endsWith('always_off') ? new base.AlwaysOffSampler() : name.endsWith('traceidratio') ? new base.TraceIdRatioBasedSampler(ratio) : new base.AlwaysOnSampler();
  const provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES, the host and the process (a cluster's workers tell apart by pid).
    resource: resources
      .defaultResource()
      .merge(resources.detectResources({ detectors: [resources.envDetector, resources.hostDetector, resources.processDetector] }))
      .merge(resources.resourceFromAttributes({ 'service.name': settings.serviceName })),
    sampler: name.startsWith('parentbased_') ? new base.ParentBasedSampler({ root: rootSampler }) : rootSampler,
    // The batch processor's own OTEL_BSP_* settings (queue, batch size, delay) still apply.
    spanProcessors: [new base.BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl, headers: settings.headers }))],
  });
  // The global tracer provider, the AsyncLocalStorage context manager and W3C trace-context propagation.
  provider.register();
  const tracer = provider.getTracer('marketplace');
  // A fetched URL's query may carry a credential (a provider's access token): the span keeps its redacted form, as for the requests served.
  const fetchCalls = new UndiciInstrumentation({ startSpanHook: (request) => outgoingUrlAttributes(request.origin, request.path) });
  fetchCalls.setTracerProvider(provider);
  const stopNodeHttp = traceNodeHttpClients(api, tracer, core.isTracingSuppressed);
  running = { api, tracer };
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      running = undefined;
      fetchCalls.disable();
      stopNodeHttp();
      // A collector that does not answer must not hold the exit up (the exporter retries for OTEL_EXPORTER_OTLP_TIMEOUT, 10 s).
      await Promise.race([provider.shutdown(), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_MS).unref())]);
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}

/** `url.full` and `url.query` of an outgoing fetch, with secret-like query values replaced (what the instrumentation would set whole). */
function outgoingUrlAttributes(origin: string | URL, path: string): Attributes {
  const queryStart = path.indexOf('?');
  if (queryStart === -1) return {};
  const query = redactQuery(path.slice(queryStart + 1));
  return { 'url.full': `${String(origin).replace(/\/$/, '')}${path.slice(0, queryStart)}?${query}`, 'url.query': `?${query}` };
}

type TracedRequest = { span: Span; error?: Error };
const requestSpans = new WeakMap<FastifyRequest, TracedRequest>();

/**
 * One SERVER span per request, child of the caller's `traceparent` when it sends one, named
 * `<method> <route pattern>` (never the URL). It ends when the connection is done with the
 * answer; a 5xx marks it as an error, with the exception thrown when there was one. Added first
 * among the app's hooks, so that everything after runs inside the span.
 */
function traceRequests(app: FastifyInstance): void {
  if (!running) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (!running) return done();
    const { api, tracer } = running;
    const route = request.routeOptions.url;
    // The same redaction as the access log's: the route's declared credentials and secret-like query values.
    const { path, query } = loggableRequestUrl(request);
    const attributes: Attributes = { 'http.request.method': request.method, 'url.path': path, 'request.id': request.id };
    if (route) attributes['http.route'] = route;
    if (query !== undefined) attributes['url.query'] = query;
    const parent = api.propagation.extract(api.ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(`${request.method} ${route ?? UNMATCHED_ROUTE}`, { kind: api.SpanKind.SERVER, attributes }, parent);
    const traced: TracedRequest = { span };
    requestSpans.set(request, traced);
    reply.raw.once('close', () => {
      const status = reply.raw.statusCode;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) {
        if (traced.error) span.recordException(traced.error);
        span.setStatus({ code: api.SpanStatusCode.ERROR, ...(traced.error && { message: traced.error.message }) });
      }
      span.end();
    });
    // What follows runs inside: the other hooks, the body's parsing (Fastify carries the context
    // through the stream's events) and the handler.
    api.context.with(api.trace.setSpan(parent, span), done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    const traced = requestSpans.get(request);
    if (traced) traced.error = error;
    done();
  });
}

/** The request spans as a plugin of the app (not encapsulated: its hooks see every route); register it before any other hook. */
export const requestTracing = fp(async (app: FastifyInstance) => traceRequests(app), { name: 'request-tracing' });

/**
 * A CLIENT span around `call`, child of the active span; with `requireParent`, only when there is
 * one (background work, such as the jobs' polling, would otherwise start a trace every few seconds).
 */
function startClientSpan(name: string, attributes: Attributes, { requireParent }: { requireParent: boolean }) {
  if (!running) return undefined;
  const { api, tracer } = running;
  const parent = api.context.active();
  if (requireParent && !api.trace.getSpan(parent)) return undefined;
  const span = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, parent);
  return (error?: unknown) => {
    if (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    }
    span.end();
  };
}

async function traced<T>(end: ((error?: unknown) => void) | undefined, call: () => Promise<T>): Promise<T> {
  if (!end) return call();
  try {
    const result = await call();
    end();
    return result;
  } catch (error) {
    end(error);
    throw error;
  }
}

const STATEMENT_KIND = /^\s*([a-z]+)/i;
/** The first table the statement reads or writes, once its parenthesised parts are set aside. */
const STATEMENT_TABLE = /\b(?:from|into|update|join)\s+"?([\w.]+)/i;
const PARENTHESISED = /\([^()]*\)/g;

/** Statements already described, by text: an app sends the same few hundred again and again. */
const statementNames = new Map<string, { kind: string; table: string | undefined }>();

function describeStatement(text: string) {
  let known = statementNames.get(text);
  if (known) return known;
  // Subqueries, CTEs and column lists name other tables than the statement's own.
  let outer = text;
  for (let inner = ''; inner !== outer; ) {
    inner = outer;
    outer = outer.replace(PARENTHESISED, ' ');
  }
  known = { kind: STATEMENT_KIND.exec(text)?.[1]?.toUpperCase() ?? 'SQL', table: STATEMENT_TABLE.exec(outer)?.[1] };
  if (statementNames.size >= 1000) statementNames.clear();
  statementNames.set(text, known);
  return known;
}

/**
 * Starts the span of one SQL statement sent during a request (`query` is its text, or an object
 * with `text`), named `<kind> <table>` (`SELECT courses`); its text goes along, its parameter
 * values never. Answers the function that ends it, or undefined when there is nothing to trace.
 */
export function startStatementSpan(query: unknown): ((error?: unknown) => void) | undefined {
  if (!running) return undefined;
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return undefined;
  const { kind, table } = describeStatement(text);
  const attributes: Attributes = { 'db.system': 'postgresql', 'db.system.name': 'postgresql', 'db.operation.name': kind, 'db.query.text': text };
  if (table) attributes['db.collection.name'] = table;
  return startClientSpan(table ? `${kind} ${table}` : kind, attributes, { requireParent: true });
}

/** One SQL statement that answers a promise, traced as `startStatementSpan` says. */
export const traceStatement = <T>(query: string, run: () => Promise<T>): Promise<T> => (running ? traced(startStatementSpan(query), run) : run());

/** An outgoing call that no instrumentation sees (SMTP), as a CLIENT span, with or without a request around it. */
export const traceCall = <T>(name: string, attributes: Attributes, call: () => Promise<T>): Promise<T> =>
  running ? traced(startClientSpan(name, attributes, { requireParent: false }), call) : call();

/**
 * CLIENT spans for node:http and node:https requests (the Stripe and AWS SDKs use them), from
 * Node's diagnostics channels. On Node 20 `http.client.request.start` comes once the headers are
 * written, so no `traceparent` can go along; newer versions publish `http.client.request.created`
 * before, and then it does. The span ends when the answer's head arrives.
 */
function traceNodeHttpClients(api: Api, tracer: Tracer, isTracingSuppressed: (context: Context) => boolean): () => void {
  const spans = new WeakMap<ClientRequest, Span>();
  const headerSetter = { set: (request: ClientRequest, name: string, value: string) => void request.setHeader(name, value) };
  const start = (message: unknown) => {
    const { request } = message as { request: ClientRequest };
    const parent = api.context.active();
    // The exporter's own requests run with tracing suppressed.
    if (spans.has(request) || isTracingSuppressed(parent)) return;
    const host = String(request.getHeader('host') ?? request.host);
    const span = tracer.startSpan(
      request.method,
      {
        kind: api.SpanKind.CLIENT,
        attributes: { 'http.request.method': request.method, 'server.address': request.host, 'url.full': `${request.protocol}//${host}${request.path.split('?')[0]}` },
      },
      parent,
    );
    spans.set(request, span);
    if (!request.headersSent && !request.hasHeader('traceparent')) api.propagation.inject(api.trace.setSpan(parent, span), request, headerSetter);
  };
  const answered = (message: unknown) => {
    const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    const status = response.statusCode ?? 0;
    span.setAttribute('http.response.status_code', status);
    if (status >= 400) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  };
  const failed = (message: unknown) => {
    const { request, error } = message as { request: ClientRequest; error: Error };
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    span.recordException(error);
    span.setStatus({ code: api.SpanStatusCode.ERROR, message: error.message });
    span.end();
  };
  const listeners: [string, (message: unknown) => void][] = [
    ['http.client.request.created', start],
    ['http.client.request.start', start],
    ['http.client.response.finish', answered],
    ['http.client.request.error', failed],
  ];
  for (const [channel, listener] of listeners) diagnosticsChannel.subscribe(channel, listener);
  return () => {
    for (const [channel, listener] of listeners) diagnosticsChannel.unsubscribe(channel, listener);
  };
}
