import type { WorkerErrorShape } from './protocol.ts';

/**
 * Throw this from worker code for an expected failure the page should handle by `code`.
 * `exposeApi` turns it into `{ code, message }` on the wire; Comlink alone would drop `code`.
 */
export class WorkerError<C extends string = string> extends Error implements WorkerErrorShape<C> {
  override readonly name = 'WorkerError';
  constructor(
    readonly code: C,
    message: string,
  ) {
    super(message);
  }
}

export function toWorkerErrorShape(error: unknown): WorkerErrorShape {
  if (error instanceof WorkerError) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: 'internal', message: `${error.name}: ${error.message}` };
  return { code: 'internal', message: String(error) };
}
