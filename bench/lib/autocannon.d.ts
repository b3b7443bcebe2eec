// The part of autocannon's API (it ships no types) that bench/server-load.ts uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface RawRequest { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }
  export interface RequestSpec extends RawRequest {
    setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    timeout?: number;
    requests?: RequestSpec[];
  }
  export interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p97_5: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Instance extends EventEmitter {
    stop(): void;
  }
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
