// The page-side half of the worker pattern, one bridge per worker. Comlink alone leaves gaps that
// would hang the exam UI: a call to a dead worker never settles, a busy worker cannot be
// interrupted, and thrown errors lose their code. The bridge closes them:
// - lazy start on the first call, and a ready handshake before that call is sent;
// - ONE long-lived `wrap()` proxy per worker (a collected proxy drops its in-flight calls);
// - every call can be aborted (AbortSignal) or time out; either terminates the worker, which is
//   the only way to stop work already running in it, and the next call starts a fresh one;
// - `error`/`messageerror` on the worker reject every pending call with 'worker-crashed';
// - failures reject with a `WorkerCallError` carrying `{ code, message }`.
// The running worker is in worker-instance.ts, the error type in worker-call-error.ts.
import * as Comlink from 'comlink';
import type { ApiMethod, ArgsOf, Outcome, ResultOf } from '../../workers/_shared/protocol.ts';
import { reportClientError } from '../lib/error-reporting.ts';
import { abortError, toCallError, WorkerCallError } from './worker-call-error.ts';
import { startInstance } from './worker-instance.ts';
import type { Instance } from './worker-instance.ts';

export { isWorkerCallError, WorkerCallError } from './worker-call-error.ts';
export type { BridgeErrorCode } from './worker-call-error.ts';

/** What the bridge needs from a Worker; a fake implements it in tests. */
export interface WorkerLike extends Comlink.Endpoint {
  terminate(): void;
}

export interface WorkerBridgeOptions {
  /** Used in error messages. */
  name: string;
  /** `() => new Worker(new URL('../../workers/x/x.worker.ts', import.meta.url), { type: 'module' })` */
  create: () => WorkerLike;
  /** The worker was exposed with an event channel: subscribe to it on every start. */
  events?: boolean;
  /** Default 15 s: covers a model download on a slow connection. */
  readyTimeoutMs?: number;
  /** Default timeout of every call; none by default. */
  timeoutMs?: number;
  /** Terminate the worker after this long without pending calls. Not for workers that push events. */
  idleTimeoutMs?: number;
  /** The worker instance ended, with why (never called for a worker that was not started). */
  onExit?: (reason: WorkerCallError) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Buffers to move to the worker, not copy (e.g. `[bitmap]`, `[imageData.data.buffer]`). Comlink
   * attaches the list to the first object argument and remembers it for that object.
   */
  transfer?: Transferable[];
}

export interface WorkerBridge<Api, E = never> {
  call<K extends ApiMethod<Api>>(method: K, args: ArgsOf<Api, K>, options?: CallOptions): Promise<ResultOf<Api, K>>;
  /** Starts the worker (if needed) and waits until it is ready, e.g. to preload a model. */
  warmUp(options?: Omit<CallOptions, 'transfer'>): Promise<void>;
  /** Listens to worker events across restarts; does not start the worker. Returns unsubscribe. */
  subscribe(listener: (event: E) => void): () => void;
  /** Ends the worker now; pending calls reject with 'terminated'. The next call starts a new one. */
  terminate(): void;
  readonly running: boolean;
}

/** The bridge's one mutable state: the running instance (if any) and its idle timer. */
interface BridgeState {
  options: WorkerBridgeOptions;
  current: Instance | null;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  start(): Instance;
}

export function createWorkerBridge<Api, E = never>(options: WorkerBridgeOptions): WorkerBridge<Api, E> {
  const listeners = new Set<(event: E) => void>();
  const state: BridgeState = {
    options,
    current: null,
    idleTimer: undefined,
    start: () => (state.current ??= startInstance(options, listeners, (inst, reason) => kill(state, inst, reason))),
  };

  return {
    call(method, args, callOptions = {}) {
      return guarded(state, async (inst) => {
        const wire = inst.remote as unknown as Record<string, (...a: unknown[]) => Promise<Outcome<unknown>>>;
        const outcome = await wire[method]!(...withTransfer(args, callOptions.transfer));
        if (!outcome.ok) throw new WorkerCallError(outcome.error.code, outcome.error.message);
        return outcome.value as ResultOf<Api, typeof method>;
      }, callOptions);
    },
    warmUp(callOptions = {}) {
      return guarded(state, async () => {}, callOptions);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    terminate() {
      if (state.current) kill(state, state.current, new WorkerCallError('terminated', `${options.name} was terminated`));
    },
    get running() {
      return state.current !== null;
    },
  };
}

/** Ends `inst` (if it is still the running one): every call on it rejects with `reason`. */
function kill(state: BridgeState, inst: Instance, reason: WorkerCallError): void {
  if (state.current !== inst) return;
  state.current = null;
  clearTimeout(state.idleTimer);
  inst.dispose(reason);
  inst.worker.terminate();
  for (const reject of [...inst.pending]) reject(reason);
  if (reason.code === 'worker-crashed' || reason.code === 'init-failed') {
    reportClientError({ kind: 'worker', worker: state.options.name, message: reason.message });
  }
  state.options.onExit?.(reason);
}

/** Runs `work` on the current instance under the caller's signal and timeout. */
function guarded<T>(state: BridgeState, work: (inst: Instance) => Promise<T>, { signal, timeoutMs = state.options.timeoutMs }: CallOptions): Promise<T> {
  const { name, idleTimeoutMs } = state.options;
  if (signal?.aborted) return Promise.reject(abortError(name, signal));
  let inst: Instance;
  try {
    inst = state.start();
  } catch (error) {
    // e.g. a SecurityError from `new Worker`: reject like any other start failure, never throw.
    return Promise.reject(new WorkerCallError('worker-crashed', `${name} could not start: ${String(error)}`, { cause: error }));
  }
  clearTimeout(state.idleTimer);
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (): boolean => {
      if (!inst.pending.delete(fail)) return false; // already settled
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (state.current === inst && inst.pending.size === 0 && idleTimeoutMs !== undefined) {
        state.idleTimer = setTimeout(() => kill(state, inst, new WorkerCallError('terminated', `${name} stopped after being idle`)), idleTimeoutMs);
      }
      return true;
    };
    const fail = (reason: WorkerCallError) => {
      if (finish()) reject(reason);
    };
    // The worker may be deep in a synchronous job: terminating it is the only way to stop it.
    const abandon = (reason: WorkerCallError) => {
      fail(reason);
      kill(state, inst, new WorkerCallError('terminated', `${name} was restarted: ${reason.message}`));
    };
    const onAbort = () => abandon(abortError(name, signal!));

    inst.pending.add(fail);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => abandon(new WorkerCallError('timeout', `${name}: no answer within ${timeoutMs} ms`)), timeoutMs);
    }
    inst.ready
      .then(() => work(inst))
      .then(
        (value) => finish() && resolve(value),
        (error: unknown) => fail(toCallError(error)),
      );
  });
}

function withTransfer(args: readonly unknown[], transfer: Transferable[] | undefined): unknown[] {
  if (!transfer?.length) return [...args];
  const carrier = args.find((a) => (typeof a === 'object' && a !== null) || typeof a === 'function');
  if (carrier === undefined) throw new WorkerCallError('internal', 'transfer needs an object argument to carry it');
  Comlink.transfer(carrier, transfer);
  return [...args];
}
