// The page-side half of the worker pattern, one bridge per worker. Comlink alone leaves gaps that
// would hang the exam UI: a call to a dead worker never settles, a busy worker cannot be
// interrupted, and thrown errors lose their code. The bridge closes them:
// - lazy start on the first call, and a ready handshake before that call is sent;
// - ONE long-lived `wrap()` proxy per worker (a collected proxy drops its in-flight calls);
// - every call can be aborted (AbortSignal) or time out; either terminates the worker, which is
//   the only way to stop work already running in it, and the next call starts a fresh one;
// - `error`/`messageerror` on the worker reject every pending call with 'worker-crashed';
// - failures reject with a `WorkerCallError` carrying `{ code, message }`.
import * as Comlink from 'comlink';
import type {
  ApiMethod,
  ArgsOf,
  Outcome,
  ResultOf,
  WireControl,
  WorkerErrorShape,
  WorkerReadyMessage,
} from '../../workers/_shared/protocol.ts';
import { reportClientError } from '../lib/error-reporting.ts';

/** Codes the bridge itself produces; contracts add their own (e.g. 'invalid-argument'). */
export type BridgeErrorCode =
  | 'aborted' // the caller's signal fired
  | 'timeout' // the call (or the ready handshake) took too long
  | 'worker-crashed' // the worker fired `error`/`messageerror`
  | 'terminated' // the bridge ended the worker: another call aborted, idle, or `terminate()`
  | 'init-failed' // the worker's init threw (model or WASM failed to load)
  | 'internal'; // anything else, e.g. an argument that cannot be cloned

export class WorkerCallError<C extends string = string> extends Error implements WorkerErrorShape<C> {
  override readonly name = 'WorkerCallError';
  constructor(
    readonly code: C,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  toJSON(): WorkerErrorShape<C> {
    return { code: this.code, message: this.message };
  }
}

export function isWorkerCallError(error: unknown, code?: string): error is WorkerCallError {
  return error instanceof WorkerCallError && (code === undefined || error.code === code);
}

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

interface Instance {
  worker: WorkerLike;
  /** Never awaited or returned from an async function: a Comlink proxy is a thenable. */
  remote: Comlink.Remote<WireControl>;
  ready: Promise<void>;
  /** Rejecters of the calls in flight on this instance. */
  pending: Set<(reason: WorkerCallError) => void>;
  dispose(reason: WorkerCallError): void;
}

const READY: WorkerReadyMessage['type'] = 'epot:worker-ready';

export function createWorkerBridge<Api, E = never>(options: WorkerBridgeOptions): WorkerBridge<Api, E> {
  const { name, readyTimeoutMs = 15_000 } = options;
  const listeners = new Set<(event: E) => void>();
  let current: Instance | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function kill(inst: Instance, reason: WorkerCallError): void {
    if (current !== inst) return;
    current = null;
    clearTimeout(idleTimer);
    inst.dispose(reason);
    inst.worker.terminate();
    for (const reject of [...inst.pending]) reject(reason);
    if (reason.code === 'worker-crashed' || reason.code === 'init-failed') {
      reportClientError({ kind: 'worker', worker: name, message: reason.message });
    }
    options.onExit?.(reason);
  }

  function start(): Instance {
    if (current) return current;
    const worker = options.create();
    const remote = Comlink.wrap<WireControl>(worker);
    let eventPort: MessagePort | null = null;
    let settle!: { resolve: () => void; reject: (reason: WorkerCallError) => void };
    const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    ready.catch(() => {}); // observed by each call; a crash with no call in flight is not unhandled

    const connectEvents = async () => {
      if (!options.events) return;
      const { port1, port2 } = new MessageChannel();
      eventPort = port1;
      port1.onmessage = (e: MessageEvent<E>) => listeners.forEach((listener) => listener(e.data));
      await remote.subscribeEvents(Comlink.transfer(port2, [port2]));
    };
    const onMessage = (e: Event | MessageEvent) => {
      const data = (e as MessageEvent<unknown>).data as Partial<WorkerReadyMessage> | null;
      if (data?.type !== READY) return;
      clearTimeout(readyTimer);
      if (data.error) return kill(inst, new WorkerCallError('init-failed', `${name}: ${data.error.message}`));
      connectEvents().then(settle.resolve, (error: unknown) => kill(inst, toCallError(error)));
    };
    const onError = (e: Event) => kill(inst, new WorkerCallError('worker-crashed', `${name} crashed: ${describe(e)}`));
    const readyTimer = setTimeout(
      () => kill(inst, new WorkerCallError('timeout', `${name} was not ready within ${readyTimeoutMs} ms`)),
      readyTimeoutMs,
    );
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.addEventListener('messageerror', onError);

    const inst: Instance = {
      worker,
      remote,
      ready,
      pending: new Set(),
      dispose(reason) {
        clearTimeout(readyTimer);
        settle.reject(reason);
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        worker.removeEventListener('messageerror', onError);
        eventPort?.close();
      },
    };
    current = inst;
    return inst;
  }

  /** Runs `work` on the current instance under the caller's signal and timeout. */
  function guarded<T>(work: (inst: Instance) => Promise<T>, { signal, timeoutMs = options.timeoutMs }: CallOptions): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortError(name, signal));
    let inst: Instance;
    try {
      inst = start();
    } catch (error) {
      // e.g. a SecurityError from `new Worker`: reject like any other start failure, never throw.
      return Promise.reject(new WorkerCallError('worker-crashed', `${name} could not start: ${String(error)}`, { cause: error }));
    }
    clearTimeout(idleTimer);
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (): boolean => {
        if (!inst.pending.delete(fail)) return false; // already settled
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (current === inst && inst.pending.size === 0 && options.idleTimeoutMs !== undefined) {
          idleTimer = setTimeout(
            () => kill(inst, new WorkerCallError('terminated', `${name} stopped after being idle`)),
            options.idleTimeoutMs,
          );
        }
        return true;
      };
      const fail = (reason: WorkerCallError) => {
        if (finish()) reject(reason);
      };
      // The worker may be deep in a synchronous job: terminating it is the only way to stop it.
      const abandon = (reason: WorkerCallError) => {
        fail(reason);
        kill(inst, new WorkerCallError('terminated', `${name} was restarted: ${reason.message}`));
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

  return {
    call(method, args, callOptions = {}) {
      return guarded(async (inst) => {
        const wire = inst.remote as unknown as Record<string, (...a: unknown[]) => Promise<Outcome<unknown>>>;
        const outcome = await wire[method]!(...withTransfer(args, callOptions.transfer));
        if (!outcome.ok) throw new WorkerCallError(outcome.error.code, outcome.error.message);
        return outcome.value as ResultOf<Api, typeof method>;
      }, callOptions);
    },
    warmUp(callOptions = {}) {
      return guarded(async () => {}, callOptions);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    terminate() {
      if (current) kill(current, new WorkerCallError('terminated', `${name} was terminated`));
    },
    get running() {
      return current !== null;
    },
  };
}

function withTransfer(args: readonly unknown[], transfer: Transferable[] | undefined): unknown[] {
  if (!transfer?.length) return [...args];
  const carrier = args.find((a) => (typeof a === 'object' && a !== null) || typeof a === 'function');
  if (carrier === undefined) throw new WorkerCallError('internal', 'transfer needs an object argument to carry it');
  Comlink.transfer(carrier, transfer);
  return [...args];
}

function abortError(name: string, signal: AbortSignal): WorkerCallError {
  // AbortSignal.timeout() aborts with a TimeoutError: keep that distinction for the caller.
  const reason: unknown = signal.reason;
  const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
  return new WorkerCallError(timedOut ? 'timeout' : 'aborted', `${name}: call ${timedOut ? 'timed out' : 'aborted'}`, {
    cause: reason,
  });
}

function toCallError(error: unknown): WorkerCallError {
  if (error instanceof WorkerCallError) return error;
  return new WorkerCallError('internal', error instanceof Error ? `${error.name}: ${error.message}` : String(error), {
    cause: error,
  });
}

function describe(e: Event): string {
  if ('message' in e && typeof e.message === 'string' && e.message) return e.message;
  return e.type === 'messageerror' ? 'a message could not be deserialised' : 'failed to load or threw outside a call';
}
