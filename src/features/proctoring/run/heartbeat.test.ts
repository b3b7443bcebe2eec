// The monitoring heartbeat through the whole run: one beat per interval with what happened since
// the last one, counted by the face worker (never on the main thread); kept offline, sent after.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS } from '../../../../contracts/facts/index.ts';
import { initialSpeechState, speechAtom } from '../../../sensors/speech-atoms.ts';
import { fakeClock, serverState, setup } from './testing/run-harness.ts';

beforeEach(fakeClock);
afterEach(() => vi.useRealTimers());

describe('the monitoring heartbeat', () => {
  it('every interval: camera, detector rate and verdicts, tab leaves and time away, speech', async () => {
    let online = true;
    const t = setup({ online: () => online });
    t.store.set(speechAtom, { ...initialSpeechState, status: 'listening' });
    await t.run.start();
    await t.settle();
    expect(t.beats).toEqual([]);

    // 15 s of detections at 4/s, the face missing for 20 of them.
    t.faceCounts.detections = 60;
    t.faceCounts.verdicts = { ok: 40, noFace: 20, multiFace: 0, still: 0 };
    t.face('no-face');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(t.beats).toHaveLength(1);
    expect(t.beats[0]).toMatchObject({
      section: 'structure', seq: 1, elapsed_ms: HEARTBEAT_INTERVAL_MS, camera_live: true, detector_running: true, detector_fps: 4,
      face_counts: { ok: 40, no_face: 20, multi_face: 0, still: 0 }, tab_hidden_ms: 0, tab_leaves: 0, speech_monitoring: true,
    });

    // Away 4 s (the watch reports the leave after its grace, the return with the whole absence).
    await t.run.acknowledge();
    t.leave();
    await vi.advanceTimersByTimeAsync(2_500);
    t.deps.watchTab.mock.calls[0]![0].onReturn!(4_000);
    t.faceCounts.detections = 120;
    t.faceCounts.verdicts = { ok: 100, noFace: 20, multiFace: 0, still: 0 };
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 2_500);
    expect(t.beats[1]).toMatchObject({ seq: 2, detector_fps: 4, face_counts: { ok: 60, no_face: 0 }, tab_hidden_ms: 4_000, tab_leaves: 1 });
    expect(t.beats[1]!.run_id).toBe(t.beats[0]!.run_id);

    // Offline: the beats wait in the outbox as one batch that each new beat replaces, and go in one
    // request, in order, when the network is back.
    online = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(t.beats).toHaveLength(2);
    const waiting = (await t.deps.outbox.pending()).filter((j) => j.type === 'heartbeat');
    expect(waiting.map((j) => j.type === 'heartbeat' && j.beats.map((b) => b.seq))).toEqual([[3, 4]]);
    online = true;
    const requests = t.heartbeat.mock.calls.length;
    await t.deps.outbox.flush();
    expect(t.heartbeat.mock.calls.length - requests).toBe(1);
    expect(t.beats.map((b) => b.seq)).toEqual([1, 2, 3, 4]);
    expect(t.beats[2]).toMatchObject({ detector_running: true, detector_fps: 0, face_counts: { ok: 0, no_face: 0 } });
    // Answered beats are not sent again.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(t.heartbeat.mock.calls.at(-1)![1].beats.map((b) => b.seq)).toEqual([5]);
    t.run.dispose();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(t.beats).toHaveLength(5);
  });

  it('submitting the section first sends the beats that waited (a closed section refuses them)', async () => {
    let online = false;
    const t = setup({ online: () => online, state: serverState({ camera_required: false }) });
    await t.run.start();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(t.beats).toEqual([]);
    online = true;
    expect(await t.run.gate()).toBe(true);
    expect(t.beats.map((b) => b.seq)).toEqual([1]);
    t.run.dispose();
  });

  it('a detector that never ran and a camera that is not live say so; no camera in the rules: no worker call', async () => {
    const t = setup({ openCamera: vi.fn(async () => { throw Object.assign(new Error('denied'), { name: 'NotAllowedError' }); }) });
    await t.run.start();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(t.beats[0]).toMatchObject({ camera_live: false, detector_running: false, detector_fps: 0 });
    t.run.dispose();

    const none = setup({ state: serverState({ camera_required: false }) });
    await none.run.start();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(none.beats[0]).toMatchObject({ camera_live: false, detector_running: false, speech_monitoring: false });
    expect(none.deps.faceStats).not.toHaveBeenCalled();
    none.run.dispose();
  });
});
