// autocannon ships no types; the part the benchmarks use.
declare module 'autocannon' {
  type Context = Record<string, unknown>;
  type RequestParams = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Request = RequestParams & {
    /** Called before each request of a connection; `context` belongs to that connection. */
    setupRequest?: (request: RequestParams, context: Context) => RequestParams;
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
  };
  type Client = { setHeaders(headers: Record<string, string>): void };
  type Histogram = { average: number; total: number; p50: number; p99: number; max: number };
  type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number } & Record<string, unknown>;
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    /** Called once per connection when it is made. */
    setupClient?: (client: Client) => void;
  };
  export type { Client, Context, Options, Request, RequestParams, Result };
  export default function autocannon(options: Options): Promise<Result>;
}
