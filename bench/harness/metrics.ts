// Page-side measurements: long tasks and blocking time (PerformanceObserver 'longtask'), frame rate
// (requestAnimationFrame count) and JS heap (performance.memory, Chromium only).

export interface MainThreadFigures {
  seconds: number;
  longTasks: number;
  /** Sum over long tasks of (duration - 50 ms), like Lighthouse's TBT. */
  totalBlockingMs: number;
  longestTaskMs: number;
  fps: number;
}

export function probeMainThread() {
  const tasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: false });
  const frames: number[] = [];
  let raf = requestAnimationFrame(function count(t) {
    frames.push(t);
    raf = requestAnimationFrame(count);
  });
  const started = performance.now();
  return {
    /**
     * Ends the window now, then yields so a long task still running at the end (a detection that
     * never let the event loop turn) is reported too; only what started inside the window counts.
     */
    async stop(): Promise<MainThreadFigures> {
      const end = performance.now();
      await pause(300);
      tasks.push(...observer.takeRecords());
      observer.disconnect();
      cancelAnimationFrame(raf);
      // A task that began before the window (the one that created the probe) still counts for the
      // part of it inside the window.
      const inside = tasks
        .filter((e) => e.startTime < end && e.startTime + e.duration > started)
        .map((e) => Math.min(end, e.startTime + e.duration) - Math.max(started, e.startTime));
      const seconds = (end - started) / 1000;
      return {
        seconds: round(seconds),
        longTasks: inside.length,
        totalBlockingMs: round(inside.reduce((n, d) => n + Math.max(0, d - 50), 0)),
        longestTaskMs: round(Math.max(0, ...inside)),
        fps: round(frames.filter((t) => t >= started && t < end).length / seconds),
      };
    },
  };
}

export function heapMb(): number | null {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? round(memory.usedJSHeapSize / 2 ** 20) : null;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

export const round = (n: number) => Math.round(n * 100) / 100;

/** Lets the page paint and the observers settle between phases. */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ends the current task (a macrotask hop, not clamped like nested setTimeout). */
export function yieldTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
