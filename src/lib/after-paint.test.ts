// afterPaint: the next frame, then a task; without frames (a hidden page) after a bound; once only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('runs in a task after the next animation frame, once', () => {
    const task = vi.fn();
    afterPaint(task);
    vi.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    // The fake clock makes a 0 ms timer set inside a timer 1 ms.
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without frames (a hidden page) runs after maxWaitMs', () => {
    vi.stubGlobal('requestAnimationFrame', vi.fn(() => 1));
    vi.stubGlobal('cancelAnimationFrame', vi.fn());
    const task = vi.fn();
    afterPaint(task, 200);
    vi.advanceTimersByTime(199);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without requestAnimationFrame runs in the next task', () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const task = vi.fn();
    afterPaint(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('a cancelled task never runs', () => {
    const task = vi.fn();
    afterPaint(task)();
    vi.advanceTimersByTime(1000);
    expect(task).not.toHaveBeenCalled();
  });
});
