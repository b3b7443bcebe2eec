// Back-pressure for per-frame work: a busy worker must drop frames, not queue them, or its results
// lag further behind the camera with every frame (the jitsi face-landmarks lesson).

export type GateResult<R> = { status: 'done'; value: R } | { status: 'dropped' };

export interface FrameGateOptions<A extends unknown[]> {
  /**
   * 'drop' (default): a frame that arrives while busy is dropped at once.
   * 'latest': it waits in a one-slot mailbox; a newer frame replaces it (latest wins).
   */
  mode?: 'drop' | 'latest';
  /** Release what a dropped frame holds, e.g. `bitmap.close()`; a dropped ImageBitmap leaks GPU memory. */
  onDrop?: (...args: A) => void;
}

export interface FrameGate<A extends unknown[], R> {
  submit(...args: A): Promise<GateResult<R>>;
  readonly busy: boolean;
  /** Frames dropped so far (for diagnostics and benchmarks). */
  readonly dropped: number;
}

interface Waiting<A, R> {
  args: A;
  resolve: (result: GateResult<R>) => void;
  reject: (error: unknown) => void;
}

export function createFrameGate<A extends unknown[], R>(
  run: (...args: A) => R | Promise<R>,
  { mode = 'drop', onDrop }: FrameGateOptions<A> = {},
): FrameGate<A, R> {
  let busy = false;
  let dropped = 0;
  let waiting: Waiting<A, R> | null = null;

  const drop = (args: A): GateResult<R> => {
    dropped++;
    onDrop?.(...args);
    return { status: 'dropped' };
  };

  const execute = async (job: Waiting<A, R>): Promise<void> => {
    busy = true;
    try {
      job.resolve({ status: 'done', value: await run(...job.args) });
    } catch (error) {
      job.reject(error);
    } finally {
      busy = false;
      const next = waiting;
      waiting = null;
      if (next) void execute(next);
    }
  };

  return {
    submit(...args) {
      return new Promise<GateResult<R>>((resolve, reject) => {
        if (!busy) return void execute({ args, resolve, reject });
        if (mode === 'drop') return resolve(drop(args));
        if (waiting) waiting.resolve(drop(waiting.args));
        waiting = { args, resolve, reject };
      });
    },
    get busy() {
      return busy;
    },
    get dropped() {
      return dropped;
    },
  };
}
