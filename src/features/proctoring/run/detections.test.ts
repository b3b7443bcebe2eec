// The face and speech watches on their own: which verdicts raise a violation, the snackbar when the
// face counter is off, the repeat after an acknowledgement, and the section's word limit.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { speechAtom } from '../../../sensors/speech-atoms.ts';
import { faceStateAtom, initialFaceState } from '../../../workers/face-detector-atoms.ts';
import type { FaceState } from '../../../workers/face-detector-atoms.ts';
import { activeChecks, FACE_REPEAT_MS, rulesFromServer } from '../rules.ts';
import { createDetections } from './detections.ts';
import { fakeClock, serverState, testContext } from './testing/run-harness.ts';

beforeEach(fakeClock);
afterEach(() => vi.useRealTimers());

function parts(section: 'listening' | 'reading' = 'reading', faceCounter = true) {
  const t = testContext({ section });
  t.ctx.checks = activeChecks(rulesFromServer(serverState({ checks: { open_new_tab: true, face: faceCounter, speech: true } })));
  const monitoring = { problem: vi.fn(), recovered: vi.fn(), episode: vi.fn(), detectorRate: vi.fn(), left: vi.fn() };
  const raise = vi.fn(() => true);
  const detections = createDetections(t.ctx, monitoring, raise);
  const face = (state: FaceState['state'], reason: string | null = null) => t.store.set(faceStateAtom, { ...initialFaceState, state, reason });
  const say = (text: string) => t.store.set(speechAtom, (s) => ({ ...s, sentences: [...s.sentences, { text, words: text.split(' ').length, at: 0 }] }));
  return { ...t, monitoring, raise, detections, face, say };
}

describe('face and speech watches', () => {
  it('a face problem is raised once per change; camera and detector problems go to monitoring', () => {
    const p = parts();
    p.detections.watchFace();
    p.face('no-face');
    p.face('no-face');
    p.face('multi-face');
    expect(p.raise.mock.calls).toEqual([['face', 'no-face'], ['face', 'multi-face']]);
    p.face('unavailable', 'init-failed');
    p.face('camera-ended');
    expect(p.monitoring.problem.mock.calls).toEqual([['detector-unavailable', 'init-failed'], ['camera-ended', 'track ended']]);
    p.face('ok');
    expect(p.monitoring.recovered).toHaveBeenCalled();
  });

  it('a face episode of 2 s or more is reported with its length when it ends; a flicker is not', async () => {
    const p = parts();
    p.detections.watchFace();
    p.face('no-face');
    await vi.advanceTimersByTimeAsync(500);
    p.face('ok');
    p.face('no-face');
    await vi.advanceTimersByTimeAsync(48_000);
    p.face('multi-face');
    await vi.advanceTimersByTimeAsync(3_000);
    p.detections.stop();
    expect(p.monitoring.episode.mock.calls).toEqual([['face-missing', 48_000], ['face-multiple', 3_000]]);
  });

  it('with the face counter off only the unstable snackbar shows', () => {
    const p = parts('reading', false);
    p.detections.watchFace();
    p.face('no-face');
    expect(p.ctx.ui().unstable).toBe(true);
    expect(p.raise).not.toHaveBeenCalled();
    p.face('ok');
    expect(p.monitoring.episode).not.toHaveBeenCalled();
  });

  it('a face problem that stays is raised again after the acknowledgement; stop cancels that', async () => {
    const p = parts();
    p.detections.watchFace();
    p.face('no-face');
    p.detections.afterAcknowledge('face');
    await vi.advanceTimersByTimeAsync(FACE_REPEAT_MS);
    expect(p.raise).toHaveBeenCalledTimes(2);
    p.detections.afterAcknowledge('open_new_tab');
    p.detections.stop();
    await vi.advanceTimersByTimeAsync(FACE_REPEAT_MS);
    expect(p.raise).toHaveBeenCalledTimes(2);
  });

  it('speech: only sentences after the start count, over 3 words in listening', () => {
    const p = parts('listening');
    p.say('jawabannya adalah pilihan B');
    p.detections.watchSpeech();
    p.say('saya tidak tahu');
    expect(p.raise).not.toHaveBeenCalled();
    p.say('jawabannya adalah pilihan B');
    expect(p.raise).toHaveBeenCalledWith('speech', 'speech', 'jawabannya adalah pilihan B');
  });
});
