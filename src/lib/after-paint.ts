// Runs work after the browser has painted the frame the current event produces (issue 16): the next
// animation frame, then a task, so the work does not delay what the user sees. A hidden page gets
// no frames, so the work runs after `maxWaitMs` at the latest; without requestAnimationFrame it
// runs in the next task.

/** Schedules `task`; the returned function cancels it (no effect once it ran). */
export function afterPaint(task: () => void, maxWaitMs = 200): () => void {
  let done = false;
  let frame: number | undefined;
  let next: ReturnType<typeof setTimeout> | undefined;
  // Declared below; the callbacks run only after it is set.
  const cancel = () => {
    done = true;
    clearTimeout(latest);
    clearTimeout(next);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
  const run = () => {
    if (done) return;
    cancel();
    task();
  };
  const hasFrames = typeof requestAnimationFrame === 'function';
  const latest = setTimeout(run, hasFrames ? maxWaitMs : 0);
  if (hasFrames) frame = requestAnimationFrame(() => { next = setTimeout(run, 0); });
  return cancel;
}
