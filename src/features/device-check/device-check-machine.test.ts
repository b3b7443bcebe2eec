import { describe, expect, it } from 'vitest';
import type { InstitutionDetail } from '../../../contracts/orders.ts';
import { checklist } from './checklist-model.ts';
import {
  CAMERA_COUNTDOWN_S, canContinue, deviceCheckReducer, initialDeviceCheck, MIC_COUNTDOWN_S, type DeviceCheckEvent, type DeviceCheckState,
} from './device-check-machine.ts';
import { requirementsFor, type Requirements } from './requirements.ts';

const ALL: Requirements = { camera: true, face: true, voice: true };
const run = (s: DeviceCheckState, ...events: DeviceCheckEvent[]) => events.reduce(deviceCheckReducer, s);
const ticks = (type: 'camera-tick' | 'mic-tick', n: number): DeviceCheckEvent[] => Array.from({ length: n }, () => ({ type }));
const next: DeviceCheckEvent = { type: 'next' };

/** Audio done, camera video connected and detecting. */
function atCameraVideo(req = ALL): DeviceCheckState {
  return run(initialDeviceCheck('full', req), next, { type: 'audio-playing' }, next, next,
    { type: 'camera-connecting' }, { type: 'camera-connected' });
}

function institution(active_camera: boolean, identification: InstitutionDetail['setting']['identification']): InstitutionDetail {
  return { id: 'i1', name: 'Lembaga', active_camera, setting: { identification, failed: { face: false, voice: false, new_tab: false } } };
}

describe('requirementsFor', () => {
  it('requires every check of individuals and follows an institution\'s settings', () => {
    expect(requirementsFor({})).toEqual(ALL);
    expect(requirementsFor(institution(true, { face: true, voice: false, new_tab: true }))).toEqual({ camera: true, face: true, voice: false });
    // No camera: no face detection either, whatever identification.face says.
    expect(requirementsFor(institution(false, { face: true, voice: true, new_tab: true }))).toEqual({ camera: false, face: false, voice: true });
  });
});

describe('device check layers', () => {
  it('walks audio 1-2, camera 1-2, microphone 1-2 and start in order', () => {
    let s = initialDeviceCheck('full', ALL);
    expect(s.layer).toBe('audio-1');
    s = run(s, next);
    expect(s.layer).toBe('audio-2');
    // The sample must have been started before the audio step can be left.
    expect(canContinue(s)).toBe(false);
    expect(run(s, next).layer).toBe('audio-2');
    s = run(s, { type: 'audio-playing' }, next);
    expect(s.layer).toBe('camera-1');
    s = run(s, next, { type: 'camera-connecting' }, { type: 'camera-connected' }, { type: 'face-state', state: 'loading' },
      { type: 'face-state', state: 'ok' });
    expect(s.layer).toBe('camera-2');
    expect(canContinue(s)).toBe(false);
    s = run(s, ...ticks('camera-tick', CAMERA_COUNTDOWN_S - 1));
    expect(s.camera.countdown).toBe(1);
    expect(canContinue(s)).toBe(false);
    s = run(s, { type: 'camera-tick' });
    expect(s.camera).toMatchObject({ done: true, failure: null, countdown: 0 });
    expect(s.dialog).toBeNull();
    s = run(s, next);
    expect(s.layer).toBe('mic-1');
    expect(canContinue(s)).toBe(false); // the microphone button, not 'next', moves on
    s = run(s, { type: 'mic-listening' });
    expect(s.layer).toBe('mic-2');
    expect(canContinue(s)).toBe(false);
    s = run(s, { type: 'speech-heard' });
    expect(canContinue(s)).toBe(true);
    s = run(s, next);
    expect(s.layer).toBe('start');
    expect(run(s, { type: 'start-failed' }).layer).toBe('mic-2');
  });

  it('marks the current step with its status in the checklist', () => {
    let s = initialDeviceCheck('full', ALL);
    expect(checklist(s)).toEqual([
      { device: 'audio', status: 'in-progress', current: true },
      { device: 'camera', status: 'pending', current: false },
      { device: 'microphone', status: 'pending', current: false },
    ]);
    s = run(atCameraVideo(), { type: 'face-state', state: 'no-face' }, ...ticks('camera-tick', CAMERA_COUNTDOWN_S));
    expect(checklist(s).map((x) => x.status)).toEqual(['passed', 'failed', 'pending']);
    s = run(s, { type: 'continue-anyway' });
    expect(checklist(s)).toEqual([
      { device: 'audio', status: 'passed', current: false },
      { device: 'camera', status: 'failed', current: false },
      { device: 'microphone', status: 'in-progress', current: true },
    ]);
  });

  it('runs only the audio layers in the headset check and then finishes', () => {
    const s = run(initialDeviceCheck('headset', ALL), next, { type: 'audio-playing' }, next);
    expect(s.finished).toBe(true);
    expect(checklist(s)).toEqual([{ device: 'audio', status: 'passed', current: false }]);
  });

  it('starts the webcam check at the camera and ends it with the start', () => {
    const s = initialDeviceCheck('webcam', ALL);
    expect(s.layer).toBe('camera-1');
    expect(checklist(s).map((x) => x.device)).toEqual(['camera', 'microphone']);
  });

  it('offers the continue dialog when the sample sound could not play', () => {
    const s = run(initialDeviceCheck('full', ALL), next, { type: 'audio-failed' }, next);
    expect(s.layer).toBe('audio-2');
    expect(s.dialog).toEqual({ device: 'audio', problem: 'play-failed' });
    const after = run(s, { type: 'continue-anyway' });
    expect(after.layer).toBe('camera-1');
    expect(after.continuedAnyway).toEqual(['audio']);
  });
});

describe('camera check', () => {
  it('counts a violation per change of the verdict into no-face or multi-face, not per detection', () => {
    const s = run(atCameraVideo(),
      { type: 'face-state', state: 'loading' },
      { type: 'face-state', state: 'no-face' },
      { type: 'face-state', state: 'no-face' }, // repeated: the same state, no new violation
      { type: 'face-state', state: 'multi-face' },
      { type: 'face-state', state: 'ok' },
      { type: 'face-state', state: 'no-face' });
    expect(s.camera.violations).toBe(3);
  });

  it('ignores face states before the camera is connected', () => {
    let s = run(initialDeviceCheck('webcam', ALL), next, { type: 'camera-connecting' }, { type: 'face-state', state: 'no-face' });
    expect(s.camera.violations).toBe(0);
    s = run(s, { type: 'camera-tick' });
    expect(s.camera.countdown).toBe(CAMERA_COUNTDOWN_S); // the countdown waits for the detector
  });

  it('passes with one face at the end of the countdown', () => {
    const s = run(atCameraVideo(), { type: 'face-state', state: 'loading' }, { type: 'face-state', state: 'ok' },
      ...ticks('camera-tick', CAMERA_COUNTDOWN_S));
    expect(s.camera.failure).toBeNull();
    expect(s.dialog).toBeNull();
    expect(run(s, next).layer).toBe('mic-1');
  });

  it('opens the failure dialog when no face is seen at the end of the countdown', () => {
    const s = run(atCameraVideo(), { type: 'face-state', state: 'loading' }, { type: 'face-state', state: 'no-face' },
      ...ticks('camera-tick', CAMERA_COUNTDOWN_S));
    expect(s.dialog).toEqual({ device: 'camera', problem: 'no-face; violations=1' });
    // The dialog is blocking: 'next' does nothing until the candidate chose.
    expect(run(s, next)).toBe(s);
    const on = run(s, { type: 'continue-anyway' });
    expect(on).toMatchObject({ layer: 'mic-1', dialog: null, continuedAnyway: ['camera'] });
  });

  it('treats more than one face at the end as a failed check', () => {
    const s = run(atCameraVideo(), { type: 'face-state', state: 'multi-face' }, ...ticks('camera-tick', CAMERA_COUNTDOWN_S));
    expect(s.dialog).toEqual({ device: 'camera', problem: 'multi-face; violations=1' });
  });

  it('opens the failure dialog after 3 violations even when the face is back at the end', () => {
    const s = run(atCameraVideo(),
      { type: 'face-state', state: 'no-face' }, { type: 'face-state', state: 'ok' },
      { type: 'face-state', state: 'multi-face' }, { type: 'face-state', state: 'ok' },
      { type: 'face-state', state: 'no-face' }, { type: 'face-state', state: 'ok' },
      ...ticks('camera-tick', CAMERA_COUNTDOWN_S));
    expect(s.camera.face).toBe('ok');
    expect(s.dialog?.problem).toBe('face-violations; last=ok; violations=3');
  });

  it('shows the permission failure at once and opens the dialog on continue', () => {
    let s = run(initialDeviceCheck('full', ALL), next, { type: 'audio-playing' }, next, next,
      { type: 'camera-connecting' }, { type: 'camera-failed', reason: 'denied' });
    expect(s.camera).toMatchObject({ status: 'denied', done: true, failure: 'permission-denied' });
    expect(s.dialog).toBeNull(); // the guide is on screen first
    expect(canContinue(s)).toBe(true);
    s = run(s, next);
    expect(s.dialog).toEqual({ device: 'camera', problem: 'permission-denied' });
  });

  it('skips the video when the institution does not require a camera', () => {
    const req = { camera: false, face: false, voice: true };
    const s = run(initialDeviceCheck('full', req), next, { type: 'audio-playing' }, next);
    expect(s.layer).toBe('camera-1');
    const after = run(s, next);
    expect(after.layer).toBe('mic-1');
    expect(checklist(after).find((x) => x.device === 'camera')?.status).toBe('skipped');
  });

  it('does not fail on faces when face detection is off, only on a lost camera', () => {
    const req = { camera: true, face: false, voice: false };
    const s = run(atCameraVideo(req), { type: 'face-state', state: 'no-face' }, ...ticks('camera-tick', CAMERA_COUNTDOWN_S));
    expect(s.dialog).toBeNull();
    const lost = run(atCameraVideo(req), { type: 'face-state', state: 'camera-ended' }, ...ticks('camera-tick', CAMERA_COUNTDOWN_S));
    expect(lost.dialog).toEqual({ device: 'camera', problem: 'camera-ended' });
  });
});

describe('microphone check', () => {
  const atMic = (req = ALL) => run(atCameraVideo(req), { type: 'face-state', state: 'ok' }, ...ticks('camera-tick', CAMERA_COUNTDOWN_S), next);

  it('opens the microphone dialog when no speech came within the countdown', () => {
    let s = run(atMic(), { type: 'mic-listening' }, ...ticks('mic-tick', MIC_COUNTDOWN_S - 1));
    expect(s.dialog).toBeNull();
    s = run(s, { type: 'mic-tick' });
    expect(s.dialog).toEqual({ device: 'microphone', problem: 'no-speech' });
    expect(canContinue(s)).toBe(false);
    // Continuing anyway goes on to the start.
    expect(run(s, { type: 'continue-anyway' }).layer).toBe('start');
  });

  it('keeps speech heard within the countdown', () => {
    const s = run(atMic(), { type: 'mic-listening' }, { type: 'speech-heard' }, ...ticks('mic-tick', MIC_COUNTDOWN_S));
    expect(s.dialog).toBeNull();
    expect(s.mic).toMatchObject({ heard: true, done: true, failure: null });
    expect(canContinue(s)).toBe(true);
  });

  it('enables the start at once when the institution\'s voice identification is off', () => {
    const req = { camera: true, face: true, voice: false };
    let s = run(atMic(req), { type: 'mic-listening' });
    expect(canContinue(s)).toBe(true);
    s = run(s, ...ticks('mic-tick', MIC_COUNTDOWN_S));
    expect(s.dialog).toBeNull();
  });

  it('fails at once when the browser has no speech recognition', () => {
    const s = run(atMic(), { type: 'mic-failed', reason: 'unsupported' });
    expect(s.layer).toBe('mic-2');
    expect(s.mic.status).toBe('unsupported');
    expect(s.dialog).toEqual({ device: 'microphone', problem: 'speech-unsupported' });
    const optional = run(atMic({ camera: true, face: true, voice: false }), { type: 'mic-failed', reason: 'unsupported' });
    expect(optional.dialog).toBeNull();
    expect(canContinue(optional)).toBe(true);
  });
});
