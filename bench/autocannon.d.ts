// autocannon ships no types; the little the benchmarks use.
declare module 'autocannon' {
  type Request = { method?: string; path?: string; setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> };
  type Histogram = { average: number; p50: number; p99: number };
  type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number };
  export default function autocannon(options: { url: string; connections?: number; duration?: number; requests?: Request[] }): Promise<Result>;
}
