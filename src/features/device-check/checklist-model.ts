// The device check's left checklist (spec accounts screen 13): one entry per device of the mode,
// with its status, derived from the machine's state.
import { DEVICE_OF } from './device-check-machine.ts';
import type { Device, DeviceCheckState } from './device-check-machine.ts';

export type StepStatus = 'pending' | 'in-progress' | 'passed' | 'failed' | 'skipped';

export interface ChecklistStep {
  device: Device;
  status: StepStatus;
  current: boolean;
}

/** The left checklist: one entry per device in this mode, with its status. */
export function checklist(s: DeviceCheckState): ChecklistStep[] {
  const devices = [...new Set(s.layers.map((l) => DEVICE_OF[l]))];
  const currentIndex = s.finished ? devices.length : devices.indexOf(DEVICE_OF[s.layer]);
  return devices.map((device, i) => {
    const failed = (device === 'camera' && s.req.camera && s.camera.failure !== null)
      || (device === 'microphone' && s.req.voice && s.mic.failure !== null)
      || (device === 'audio' && s.audio.status === 'failed');
    let status: StepStatus = 'pending';
    if (i < currentIndex) status = device === 'camera' && !s.req.camera ? 'skipped' : failed ? 'failed' : 'passed';
    else if (i === currentIndex) status = failed ? 'failed' : 'in-progress';
    return { device, status, current: i === currentIndex };
  });
}
