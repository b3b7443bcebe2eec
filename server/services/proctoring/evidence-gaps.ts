// The gaps in a proctored section's evidence (issue 27), as a pure function of what the server
// stored with its own timestamps: the rules frozen for the order, the section's open and close, the
// photos that arrived, the heartbeats and the live autosaves. The review (risk reasons, timeline),
// the queue and the certificate's hold all read this one function. docs/proctoring.md states the policy.
import {
  HEARTBEAT_END_SILENCE_MS, HEARTBEAT_GAP_MS, PHOTO_INTERVAL_BASE_MS, PHOTO_INTERVAL_MAX_FACTOR, PHOTO_MAX_PER_SECTION, PHOTO_MIN_TO_SUBMIT,
  type ProctoringRules,
} from '../../../contracts/facts/index.ts';

/** The longest wait between two photos the client's schedule allows (spec 4.7: 100 s x at most 6). */
export const PHOTO_MAX_INTERVAL_MS = PHOTO_INTERVAL_BASE_MS * PHOTO_INTERVAL_MAX_FACTOR;
/** Slack for an upload on slow mobile data before a photo counts as late. */
export const PHOTO_LATE_SLACK_MS = 60_000;

export interface SectionEvidence {
  section: string;
  opened: number;
  /** When it closed; null: still open (nothing is judged then). */
  closed: number | null;
  closedBy: 'submitted' | 'swept' | 'disqualified' | null;
  /** Server receipt times of the photos of this section (periodic and violation photos). */
  photos: number[];
  /** Server receipt times of the heartbeats of this section that showed monitoring working. */
  beats: number[];
  /**
   * Receipt times of beats that said the camera or the face detector was off although the rules
   * need the camera: they prove the run was alive, not that it watched. Absent: none.
   */
  offBeats?: number[];
  /** Minutes (their start) in which live autosaves of this section arrived. */
  autosaveMinutes: number[];
}

export type EvidenceGap =
  /** Fewer photos arrived than the rules required (count), at the section's close. */
  | { kind: 'photos_missing'; section: string; at: number; required: number; received: number }
  /** A wait between photos longer than the schedule allows while fewer than five existed. */
  | { kind: 'photo_late'; section: string; at: number; duration_ms: number }
  /** No heartbeat while the section was open and autosaves kept arriving (proctoring blocked, not offline). */
  | { kind: 'heartbeat_gap'; section: string; at: number; duration_ms: number }
  /** The last part of the section had no heartbeat (or none at all): monitoring silent at the end. */
  | { kind: 'silent_end'; section: string; at: number; duration_ms: number }
  /** Beats arrived but said the camera or the detector was off (a camera that really failed comes here too). */
  | { kind: 'monitoring_off'; section: string; at: number; duration_ms: number };

/** What the rules make this section prove: photos where the camera runs, beats where anything is watched. */
export function requirements(rules: ProctoringRules): { photos: boolean; heartbeat: boolean } {
  return { photos: rules.camera_required, heartbeat: rules.camera_required || Object.values(rules.checks).some(Boolean) };
}

/** Photos a section open this long must have: 2 to submit, and one per longest wait, up to 5. */
export function photosRequired(openMs: number): number {
  return Math.max(PHOTO_MIN_TO_SUBMIT, Math.min(PHOTO_MAX_PER_SECTION, Math.floor(openMs / PHOTO_MAX_INTERVAL_MS)));
}

/**
 * The gaps of one closed section. A disqualified close is judged like any other up to the close. A
 * silence without autosaves in the middle of a section is an outage of the connection (both stopped),
 * not a gap: the autosaves show the connection worked while only the proctoring was silent.
 */
export function sectionGaps(rules: ProctoringRules, s: SectionEvidence): EvidenceGap[] {
  if (s.closed === null || s.closed <= s.opened) return [];
  const need = requirements(rules);
  const gaps: EvidenceGap[] = [];
  const closed = s.closed;
  if (need.photos) {
    const photos = s.photos.filter((p) => p >= s.opened && p <= closed).sort((a, b) => a - b);
    const required = photosRequired(closed - s.opened);
    if (photos.length < required) gaps.push({ kind: 'photos_missing', section: s.section, at: closed, required, received: photos.length });
    // Cadence: from the open, every photo must follow the last within the longest wait (plus slack),
    // until five exist; the gap up to the close counts only where photos are still owed.
    const points = [s.opened, ...photos.slice(0, PHOTO_MAX_PER_SECTION)];
    for (let i = 1; i < points.length; i++) {
      const wait = points[i]! - points[i - 1]!;
      if (wait > PHOTO_MAX_INTERVAL_MS + PHOTO_LATE_SLACK_MS) gaps.push({ kind: 'photo_late', section: s.section, at: points[i - 1]!, duration_ms: wait });
    }
  }
  if (need.heartbeat) {
    const beats = s.beats.filter((b) => b >= s.opened && b <= closed).sort((a, b) => a - b);
    const off = s.offBeats ?? [];
    const offWithin = (from: number, to: number) => off.some((b) => b > from && b <= to);
    let last = s.opened;
    for (const b of beats) {
      const silence = b - last;
      if (silence > HEARTBEAT_GAP_MS) {
        if (offWithin(last, b)) gaps.push({ kind: 'monitoring_off', section: s.section, at: last, duration_ms: silence });
        else if (autosavedWithin(s.autosaveMinutes, last, b)) gaps.push({ kind: 'heartbeat_gap', section: s.section, at: last, duration_ms: silence });
      }
      last = b;
    }
    if (closed - last > HEARTBEAT_END_SILENCE_MS) {
      gaps.push({ kind: offWithin(last, closed) ? 'monitoring_off' : 'silent_end', section: s.section, at: last, duration_ms: closed - last });
    }
  }
  return gaps;
}

/** An autosave arrived strictly inside (from, to): a minute bucket that overlaps it, beyond a beat's interval of either end. */
function autosavedWithin(minutes: number[], from: number, to: number): boolean {
  return minutes.some((m) => m + 60_000 > from + HEARTBEAT_GAP_MS / 3 && m < to - HEARTBEAT_GAP_MS / 3);
}

/**
 * Gaps that make the evidence incomplete: photos missing, heartbeats absent. A late photo alone is
 * a risk reason only (an upload held up by mobile data arrives late, it is not missing).
 */
export const isIncomplete = (gaps: EvidenceGap[]): boolean => gaps.some((g) => g.kind !== 'photo_late');
