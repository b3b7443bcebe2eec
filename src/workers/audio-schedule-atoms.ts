// The listening timeline on the one store; set only by the audio-schedule bridge (./audio-schedule.ts)
// from the worker's plans.
import { atom } from 'jotai';
import type { AudioSchedule } from '../../workers/audio-schedule/contract.ts';

export const audioScheduleAtom = atom<AudioSchedule | null>(null);
