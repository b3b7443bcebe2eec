// Where proctoring (a later issue) plugs into the test screens without the exam feature importing
// it: the photo ids it captured per section (sent in the submission's `images`) and the DOM slot
// its camera preview renders into (a portal target fixed at the bottom right, 240x140).
import { atom } from 'jotai';
import type { ExamSectionName } from '../../contracts/exam-import.ts';

/** Ids of the uploaded proctoring photos per section; the exam screens only read it. */
export const sectionPhotoIdsAtom = atom<Partial<Record<ExamSectionName, string[]>>>({});

/** id of the element proctoring portals its <video> preview into. */
export const CAMERA_PREVIEW_SLOT_ID = 'camera-preview-slot';

/**
 * Asked before a section's answers are submitted (spec 4.4, 4.7: fewer than 2 photos block it until
 * 'Ambil Gambar' took them). Resolves true when the submission may go, false to hold it. Wrapped in
 * an object: a bare function in an atom would be taken for an updater. Null while no proctoring runs.
 */
export type SubmitGate = (section: ExamSectionName) => Promise<boolean>;
export const submitGateAtom = atom<{ gate: SubmitGate } | null>(null);

/**
 * Set by proctoring once it ended the test (spec 4.6: disqualified answers posted): the section
 * screen then leaves for the end page as it does for the server's disqualified message.
 */
export const testStoppedAtom = atom(false);

/** The camera preview slot element while a section screen shows it (CameraPreviewSlot sets it). */
export const cameraPreviewSlotAtom = atom<HTMLElement | null>(null);
