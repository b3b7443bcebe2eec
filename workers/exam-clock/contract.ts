// The exam clock worker: counts down to the server's deadline off the main thread and pushes events.

export interface ExamClockStart {
  /** The section deadline from the server, epoch ms on the server's clock. */
  deadlineMs: number;
  /** serverNow - clientNow, measured by the page from a server response (e.g. its Date header). */
  offsetMs: number;
}

export type ExamClockEvent =
  /** Whole seconds left, rounded up: shows 00:00:01 during the last second, never 00:00:00 early. */
  | { type: 'tick'; remainingSeconds: number }
  | { type: 'paused'; remainingSeconds: number }
  /** Always followed at once by a `tick`. */
  | { type: 'resumed' }
  /** Emitted exactly once per `start`. */
  | { type: 'expired' };

export type ExamClockErrorCode = 'invalid-argument';

export interface ExamClockApi {
  /** (Re)starts the countdown and ticks at once; a deadline already past expires at once. */
  start(options: ExamClockStart): void;
  /** Freezes the countdown (the listening section pauses while audio buffers). Idempotent. */
  pause(): void;
  /** The paused time extends the local deadline. Idempotent. */
  resume(): void;
  /**
   * Ticks at once, recomputed from the deadline (call it when the tab becomes visible). A new
   * `deadlineMs` from the server replaces the local one including any pause extension: the server
   * is authoritative. A new `offsetMs` corrects the client clock.
   */
  sync(update?: Partial<ExamClockStart>): void;
  /** Stops ticking; no further events until the next `start`. */
  stop(): void;
}
