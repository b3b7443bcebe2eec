// Proctoring state on the one store, set by the section's proctoring run; components read it. (The
// face, speech and microphone atoms belong to their bridge or sensor in src/workers and src/sensors.)
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { ExamSectionName } from '../../../contracts/exam-import.ts';
import type { CounterKind, MemberNotice } from '../../../contracts/proctoring.ts';
import { storageKeys } from '../../lib/storage-keys.ts';
import type { ActiveChecks } from './rules.ts';

/** Which warning dialog: a tab/page leave, a face problem or speech (spec 8's warning dialogs). */
export type ViolationVariant = 'tab' | 'no-face' | 'multi-face' | 'speech';

export interface RaisedViolation {
  /** The report's violation_id (reused on retries). */
  id: string;
  kind: CounterKind;
  variant: ViolationVariant;
  /** The transcript (speech). */
  text: string;
  /** The counter once this one is acknowledged. */
  count: number;
  /** This kind ends the test at the limit (institution rule); false: a warning only. */
  endsTest: boolean;
}

export interface StopState {
  /** The counter that ended the test; null when the server said so without a kind. */
  kind: CounterKind | null;
  /** Posting the disqualified answers, failed (resend), or done (the candidate may go on). */
  status: 'posting' | 'failed' | 'done';
  message: string | null;
}

/** What keeps the section unwatched (the candidate sees it; the server gets a proctoring event). */
export type MonitoringProblem = 'camera-denied' | 'camera-ended' | 'detector-unavailable';

export interface PhotoGateState {
  busy: boolean;
  error: string | null;
}

export interface ProctoringUiState {
  /** The checks running in this section (null until the rules are known). */
  checks: ActiveChecks | null;
  dialog: RaisedViolation | null;
  stop: StopState | null;
  problem: MonitoringProblem | null;
  /** Face problems while the face counter is off: the 'tidak stabil' snackbar. */
  unstable: boolean;
  /** The 'Ambil Gambar' block at submission; null when closed. */
  gate: PhotoGateState | null;
  /** Warnings raised behind the dialog on screen, shown after it (counted once acknowledged). */
  waiting: number;
  /** Test day (issue 30): the proctors' notices not yet closed by the candidate (a banner each). */
  notices: MemberNotice[];
}

export const initialProctoringUi: ProctoringUiState = { checks: null, dialog: null, stop: null, problem: null, unstable: false, gate: null, waiting: 0, notices: [] };

export const proctoringUiAtom = atom<ProctoringUiState>(initialProctoringUi);

/** Uploaded photo ids of one order, per section; persisted so a reload keeps them for `images`. */
export interface PhotoRecord {
  order_id: string;
  sections: Partial<Record<ExamSectionName, string[]>>;
}

export const emptyPhotoRecord: PhotoRecord = { order_id: '', sections: {} };

export const photoRecordAtom = atomWithStorage<PhotoRecord>(
  storageKeys.proctoringPhotos, emptyPhotoRecord, createJSONStorage<PhotoRecord>(() => localStorage), { getOnInit: true });
