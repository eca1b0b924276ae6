/** The part of autocannon 8's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /** Requests each connection sends in turn (instead of `url`'s path alone). */
    requests?: RequestSpec[];
  }
  export interface RequestSpec {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with every answer to this request. */
    onResponse?(status: number, body: string): void;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
