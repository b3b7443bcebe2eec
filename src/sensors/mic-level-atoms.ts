// The microphone level on the one store. Set only by ./mic-level.ts; the device check's meter reads it.
import { atom } from 'jotai';

export interface MicLevel {
  /** Running: levels are arriving. */
  active: boolean;
  /** RMS of the last ~100 ms, 0..1. */
  rms: number;
  /** Peak absolute sample of the last ~100 ms, 0..1. */
  peak: number;
  /** 20·log10(rms), floored at -100. */
  db: number;
  /** Date.now() of the last level. */
  at: number | null;
  error: string | null;
}

export const initialMicLevel: MicLevel = { active: false, rms: 0, peak: 0, db: -100, at: null, error: null };

export const micLevelAtom = atom<MicLevel>(initialMicLevel);
