// The state one section run shares between its parts (load, autosave, submission): the phase the
// screen shows, and refs that mirror the latest values for callbacks fired by timers and events.
import type { MutableRefObject } from 'react';
import type { AnswerSubmitResult, SectionDetail } from '../../../../contracts/exam-delivery.ts';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import type { Answers } from '../section-model.ts';

export type SectionRunPhase =
  | { kind: 'loading' }
  | { kind: 'load-error'; message: string }
  | { kind: 'ready' }
  | { kind: 'submitting' }
  | { kind: 'submit-failed'; message: string }
  | { kind: 'submitted'; result: AnswerSubmitResult };

export interface SectionRunOptions {
  orderId: string;
  section: ExamSectionName;
  /** Leaves the test page (the leave guard lets it through); `reload` loads the target afresh. */
  exit: (to: string, options?: { reload?: boolean }) => void;
  /** The section was already closed when the page opened. */
  onAlreadyComplete: () => void;
  /** Where to resume: a page index (structure, reading) or a timeline item (listening). */
  initialPosition?: (detail: SectionDetail, saved: number | null) => number;
}

/** The screen's callbacks as last rendered (read by effects that must not restart when they change). */
export type RunCallbacks = MutableRefObject<Pick<SectionRunOptions, 'exit' | 'onAlreadyComplete' | 'initialPosition'>>;

export interface Latest {
  detail: SectionDetail | null;
  answers: Answers;
  position: number;
  phase: SectionRunPhase;
}

export interface RunRefs {
  latest: MutableRefObject<Latest>;
  /** The autosave's debounce; a submission or unmount clears it. */
  draftTimer: MutableRefObject<ReturnType<typeof setTimeout> | undefined>;
  /** A submission is under way (or done): no more drafts, no second submission. */
  submitting: MutableRefObject<boolean>;
}

/** Follows a server message that ends or moves the section; false for an ordinary error. */
export type FollowServerMessage = (message: string) => boolean;
