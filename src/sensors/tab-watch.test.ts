import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchTabLeaving } from './tab-watch.ts';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

function setup() {
  const doc = new EventTarget() as EventTarget & { hidden: boolean; hasFocus: () => boolean };
  const win = new EventTarget();
  let focused = true;
  doc.hidden = false;
  doc.hasFocus = () => focused;
  const onLeave = vi.fn();
  const onReturn = vi.fn();
  const stop = watchTabLeaving({ onLeave, onReturn, doc: doc as unknown as Document, win: win as unknown as Window });
  return {
    onLeave,
    onReturn,
    stop,
    blur: () => { focused = false; win.dispatchEvent(new Event('blur')); },
    focus: () => { focused = true; win.dispatchEvent(new Event('focus')); },
    hide: () => { doc.hidden = true; doc.dispatchEvent(new Event('visibilitychange')); },
    show: () => { doc.hidden = false; doc.dispatchEvent(new Event('visibilitychange')); },
  };
}

describe('leaving the test page', () => {
  it('a focus flicker under 1.5 s is not leaving', () => {
    const t = setup();
    t.blur();
    vi.advanceTimersByTime(1_400);
    t.focus();
    vi.advanceTimersByTime(5_000);
    expect(t.onLeave).not.toHaveBeenCalled();
  });

  it('staying away counts once per absence, by blur or by a hidden page', () => {
    const t = setup();
    t.blur();
    vi.advanceTimersByTime(1_500);
    expect(t.onLeave).toHaveBeenCalledTimes(1);
    t.hide(); // the same absence goes on in another tab
    vi.advanceTimersByTime(10_000);
    expect(t.onLeave).toHaveBeenCalledTimes(1);
    t.show();
    t.focus();
    t.hide();
    vi.advanceTimersByTime(2_000);
    expect(t.onLeave).toHaveBeenCalledTimes(2);
  });

  it('reports how long a counted absence lasted when the candidate comes back, and nothing for a flicker', () => {
    const t = setup();
    t.blur();
    vi.advanceTimersByTime(500);
    t.focus();
    expect(t.onReturn).not.toHaveBeenCalled();
    t.hide();
    vi.advanceTimersByTime(12_000);
    t.show();
    expect(t.onReturn).toHaveBeenCalledExactlyOnceWith(12_000);
  });

  it('stops listening when stopped', () => {
    const t = setup();
    t.blur();
    t.stop();
    vi.advanceTimersByTime(5_000);
    t.focus();
    t.blur();
    vi.advanceTimersByTime(5_000);
    expect(t.onLeave).not.toHaveBeenCalled();
  });
});
