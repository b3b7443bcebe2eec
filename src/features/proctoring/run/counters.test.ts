// The counters on their own: the server's count plus the reports it has not answered yet.
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { faceCountAtom, openTabCountAtom, speechCountAtom } from '../../../lib/session.ts';
import { createCounters } from './counters.ts';

const counts = { open_new_tab: 0, face: 0, speech: 0 };

beforeEach(() => localStorage.clear());

describe('violation counters', () => {
  it('an acknowledged violation counts at once and stays on top of the server count until answered', () => {
    const store = createStore();
    const c = createCounters(store);
    expect(c.acknowledged('open_new_tab', 'v1')).toBe(1);
    c.mirror({ ...counts, face: 2 });
    expect([store.get(openTabCountAtom), store.get(faceCountAtom), store.get(speechCountAtom)]).toEqual([1, 2, 0]);
    c.answered('open_new_tab', 'v1');
    c.mirror({ ...counts, open_new_tab: 1, face: 2 });
    expect(store.get(openTabCountAtom)).toBe(1);
  });

  it("undo goes back to the server's count, or one down while the server has not answered yet", () => {
    const store = createStore();
    const c = createCounters(store);
    c.acknowledged('speech', 'v1');
    c.answered('speech', 'v1');
    c.undo('speech');
    expect(c.count('speech')).toBe(0);
    c.mirror({ ...counts, speech: 2 });
    c.acknowledged('speech', 'v2');
    c.answered('speech', 'v2');
    c.undo('speech');
    expect(c.count('speech')).toBe(2);
  });

  it('reset clears all three (local storage too)', () => {
    const store = createStore();
    const c = createCounters(store);
    c.mirror({ open_new_tab: 1, face: 2, speech: 3 });
    c.reset();
    expect([c.count('open_new_tab'), c.count('face'), c.count('speech')]).toEqual([0, 0, 0]);
    expect(localStorage.getItem('epot.count.face')).toBeNull();
  });
});
