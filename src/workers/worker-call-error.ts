// How a worker call fails on the page: a `WorkerCallError` with a code (the bridge's own, or the
// worker contract's) and a message, whatever went wrong — an abort, a timeout, a crash or a throw.
import type { WorkerErrorShape } from '../../workers/_shared/protocol.ts';

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

export function abortError(name: string, signal: AbortSignal): WorkerCallError {
  // AbortSignal.timeout() aborts with a TimeoutError: keep that distinction for the caller.
  const reason: unknown = signal.reason;
  const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
  return new WorkerCallError(timedOut ? 'timeout' : 'aborted', `${name}: call ${timedOut ? 'timed out' : 'aborted'}`, {
    cause: reason,
  });
}

export function toCallError(error: unknown): WorkerCallError {
  if (error instanceof WorkerCallError) return error;
  return new WorkerCallError('internal', error instanceof Error ? `${error.name}: ${error.message}` : String(error), {
    cause: error,
  });
}

/** Why a worker fired `error` or `messageerror`, for the crash message. */
export function describeWorkerError(e: Event): string {
  if ('message' in e && typeof e.message === 'string' && e.message) return e.message;
  return e.type === 'messageerror' ? 'a message could not be deserialised' : 'failed to load or threw outside a call';
}
