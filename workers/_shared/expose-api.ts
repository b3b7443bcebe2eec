// The worker-side half of the pattern. Comlink is injected by the `<name>.worker.ts` entry (the only
// worker files allowed to import it), which keeps this module and the plain implementations testable
// in Node without a worker.
import type { EventChannel } from './event-channel.ts';
import { READY_MESSAGE_TYPE } from './protocol.ts';
import type { ApiMethod, Outcome, WireApi, WorkerReadyMessage } from './protocol.ts';
import { isTransferring, transferListOf } from './transfer.ts';
import { toWorkerErrorShape } from './worker-error.ts';

/** Structurally Comlink's Endpoint: the worker global scope, or a MessagePort in tests. */
export interface WorkerEndpoint {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object): void;
  start?: () => void;
}

/** The two Comlink functions the worker side needs (pass `import * as Comlink from 'comlink'`). */
export interface ComlinkLike {
  expose(obj: unknown, endpoint?: WorkerEndpoint): void;
  transfer<T>(obj: T, transfers: Transferable[]): T;
}

export interface ExposeOptions<E> {
  /** Events for the page; adds `subscribeEvents`/`unsubscribeEvents` to the wire. */
  events?: EventChannel<E>;
  /** Slow setup (model load, WASM compile). The page's first call waits for it via the ready message. */
  init?: () => void | Promise<void>;
  /** Defaults to the worker's global scope. */
  endpoint?: WorkerEndpoint;
}

/** Builds the wire object for `api` (see `exposeApi`); exported for tests. */
export function toWireApi<Api extends object, E = never>(
  comlink: Pick<ComlinkLike, 'transfer'>,
  api: Api,
  events?: EventChannel<E>,
): WireApi<Api> {
  const wire: Record<string, unknown> = {};
  for (const name of methodNames(api)) {
    const method = (api as Record<string, (...args: unknown[]) => unknown>)[name]!;
    wire[name] = async (...args: unknown[]): Promise<Outcome<unknown>> => {
      try {
        const value: unknown = await method.apply(api, args);
        if (!isTransferring(value)) return { ok: true, value };
        return comlink.transfer({ ok: true, value: value.value }, transferListOf(value));
      } catch (error) {
        return { ok: false, error: toWorkerErrorShape(error) };
      }
    };
  }
  if (events) {
    wire.subscribeEvents = (port: MessagePort) => events.subscribe(port);
    wire.unsubscribeEvents = (id: number) => events.unsubscribe(id);
  }
  return wire as WireApi<Api>;
}

/**
 * Exposes `api` (a flat object of methods) and posts the ready message once `init` has settled.
 * Every method answers with an `Outcome`, so a thrown `WorkerError` reaches the page with its code.
 */
export function exposeApi<Api extends object, E = never>(
  comlink: ComlinkLike,
  api: Api,
  options: ExposeOptions<E> = {},
): void {
  const endpoint = options.endpoint ?? (self as WorkerEndpoint);
  comlink.expose(toWireApi(comlink, api, options.events), endpoint);
  const post = (message: WorkerReadyMessage) => endpoint.postMessage(message);
  Promise.resolve()
    .then(() => options.init?.())
    .then(
      () => post({ type: READY_MESSAGE_TYPE }),
      (error: unknown) =>
        post({ type: READY_MESSAGE_TYPE, error: { code: 'init-failed', message: toWorkerErrorShape(error).message } }),
    );
}

/** Own and prototype methods (a class instance keeps its methods on the prototype). */
function methodNames<Api extends object>(api: Api): ApiMethod<Api>[] {
  const names = new Set<string>();
  for (let o: object | null = api; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const key of Object.getOwnPropertyNames(o)) {
      if (key !== 'constructor' && typeof (api as Record<string, unknown>)[key] === 'function') names.add(key);
    }
  }
  return [...names] as ApiMethod<Api>[];
}
