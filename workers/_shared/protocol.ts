// The wire protocol shared by both halves of the worker pattern. Types only: the page side may
// `import type` from here, so nothing here may need to exist at run time on the main thread.
import type { Transferring } from './transfer.ts';

/** An error as it crosses the thread boundary. Comlink would keep only name/message/stack. */
export interface WorkerErrorShape<C extends string = string> {
  code: C;
  message: string;
}

/** Codes any worker may produce, beside the codes a contract declares for its own methods. */
export type SharedWorkerErrorCode =
  | 'internal' // an exception that was not a WorkerError: a bug, not an expected outcome
  | 'init-failed'; // the worker's init (model load, WASM compile) threw before it became ready

/** What every exposed method really returns on the wire: errors become data, not exceptions. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: WorkerErrorShape };

export const READY_MESSAGE_TYPE = 'epot:worker-ready';
/** Posted once by the worker after `expose` and its init; carries the init error when init failed. */
export interface WorkerReadyMessage {
  type: typeof READY_MESSAGE_TYPE;
  error?: WorkerErrorShape;
}

/** Methods `exposeApi` adds when the worker has an event channel. */
export interface WireControl {
  /** The port's other end stays on the page; the worker posts events to it. Returns an id. */
  subscribeEvents(port: MessagePort): number;
  unsubscribeEvents(id: number): void;
}

type AnyFn = (...args: never[]) => unknown;

/** Names of the callable members of an API (exposed APIs are flat: one level of methods). */
export type ApiMethod<Api> = { [K in keyof Api]: Api[K] extends AnyFn ? K : never }[keyof Api] & string;

export type ArgsOf<Api, K extends keyof Api> = Api[K] extends (...args: infer A) => unknown ? A : never;

/** What a caller on the page gets back: awaited, with the transfer wrapper removed. */
export type ResultOf<Api, K extends keyof Api> = Api[K] extends (...args: never[]) => infer R
  ? Awaited<R> extends Transferring<infer V>
    ? V
    : Awaited<R>
  : never;

/** The object that `exposeApi` hands to Comlink for an API. */
export type WireApi<Api> = {
  [K in ApiMethod<Api>]: (...args: ArgsOf<Api, K>) => Promise<Outcome<ResultOf<Api, K>>>;
} & Partial<WireControl>;
