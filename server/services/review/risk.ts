// The risk score of one attempt (issue 17): a pure function of the stored evidence, so the queue, the
// timeline and the rule simulator compute the same number and the unit tests pin the formula.
// docs/review.md documents it; change RISK_FORMULA_VERSION with it (stored scores are then recomputed).
//
// Points per reason, each reason capped, the total capped at 100:
//   tab_leaves       10 per tab-leave + 1 per 10 s away in total (that part at most 20); leaves and time
//                    away: the larger of the reports and what the heartbeats counted (issue 27)
//   face_missing     per section, 1 per 5 s without a face (at most 10 per section)
//   face_multiple    15 per episode with more than one face (at most 45)
//   face_violations  5 per face violation (at most 15)
//   speech           5 per speech violation (at most 15)
//   monitoring_lost  2 per started minute the camera or detector was out (at most 20)
//   camera_denied    15 per refusal of the camera (at most 30)
//   device_check     5 per device check continued anyway (at most 10)
//   reloads          2 per reload of a section page (at most 10)
//   face_still       per section, 1 per 5 s with a face but no live one (a photo?) (at most 20 per section)
//   face_still_beside 1 per episode of a still face beside the candidate (at most 3): a note, not a person
// Issue 27, from the gaps the server computed itself (services/proctoring/evidence-gaps.ts):
//   photos_missing   per section, 10 per required photo that never arrived (at most 20 per section)
//   photo_late       per section, 2 per late photo (at most 6)
//   heartbeat_gap    per section, 2 per started minute without heartbeats while autosaves arrived (at most 30)
//   silent_end       per section, 2 per started minute of monitoring silent at its end (at most 30)
//   monitoring_off   per section, 2 per started minute the beats said the camera or detector was off (at most 30)
import { RISK_SCORE_MAX, type CounterKind, type ProctoringEventKind, type RiskReasonCode } from '../../../contracts/facts/index.ts';
import { RISK_REASON_TEXT } from '../../../contracts/facts/review-texts.ts';
import type { EvidenceGap } from '../proctoring/evidence-gaps.ts';

export const RISK_FORMULA_VERSION = 3;

export interface RiskEvidence {
  violations: { kind: CounterKind; section: string; at: number }[];
  events: { kind: ProctoringEventKind; section: string; at: number; duration_ms: number | null }[];
  /** Device checks the candidate continued although they failed. */
  deviceReports: { device: string }[];
  /** Section pages loaded again after the section had started. */
  reloads: number;
  /** When each section closed (an outage still open then ends there); absent: still open or never started. */
  sectionEnds: Partial<Record<string, number>>;
  /** Leaves and time away the heartbeats counted (issue 27): a leave whose report was lost still counts. */
  beatTabLeaves?: number;
  beatHiddenMs?: number;
  /** Gaps in the evidence the rules required (issue 27); absent: none computed. */
  gaps?: EvidenceGap[];
}

export interface RiskReason { code: RiskReasonCode; points: number; text: string }
export interface RiskResult { score: number; reasons: RiskReason[] }

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const OUTAGE_STARTS: ReadonlySet<ProctoringEventKind> = new Set(['camera-ended', 'detector-unavailable', 'camera-denied']);

/** Milliseconds the camera or the detector was out: from a problem to 'recovered' or the section's end, per section. */
export function monitoringLostMs(e: Pick<RiskEvidence, 'events' | 'sectionEnds'>): number {
  let total = 0;
  const bySection = new Map<string, RiskEvidence['events']>();
  for (const ev of e.events) bySection.set(ev.section, [...(bySection.get(ev.section) ?? []), ev]);
  for (const [section, list] of bySection) {
    let since: number | null = null;
    for (const ev of [...list].sort((a, b) => a.at - b.at)) {
      if (OUTAGE_STARTS.has(ev.kind)) since ??= ev.at;
      else if (ev.kind === 'recovered' && since !== null) {
        total += ev.at - since;
        since = null;
      }
    }
    const end = e.sectionEnds[section];
    if (since !== null && end !== undefined && end > since) total += end - since;
  }
  return total;
}

export function computeRisk(e: RiskEvidence): RiskResult {
  const reasons: RiskReason[] = [];
  const add = (code: RiskReasonCode, points: number, text: string) => { if (points > 0) reasons.push({ code, points, text }); };
  const count = (kind: CounterKind) => e.violations.filter((v) => v.kind === kind).length;
  const episodes = (kind: ProctoringEventKind) => e.events.filter((ev) => ev.kind === kind);

  const away = episodes('page-away');
  const leaves = Math.max(count('open_new_tab'), away.length, e.beatTabLeaves ?? 0);
  const awayMs = Math.max(sum(away.map((a) => a.duration_ms ?? 0)), e.beatHiddenMs ?? 0);
  add('tab_leaves', 10 * leaves + Math.min(20, Math.floor(awayMs / 10_000)), RISK_REASON_TEXT.tab_leaves(leaves, awayMs || null));

  const missing = new Map<string, number>();
  for (const ev of episodes('face-missing')) missing.set(ev.section, (missing.get(ev.section) ?? 0) + (ev.duration_ms ?? 0));
  for (const [section, ms] of missing) add('face_missing', Math.min(10, Math.floor(ms / 5_000)), RISK_REASON_TEXT.face_missing(ms, section));

  const still = new Map<string, number>();
  for (const ev of episodes('face-still')) still.set(ev.section, (still.get(ev.section) ?? 0) + (ev.duration_ms ?? 0));
  for (const [section, ms] of still) add('face_still', Math.min(20, Math.floor(ms / 5_000)), RISK_REASON_TEXT.face_still(ms, section));
  const beside = episodes('face-still-beside').length;
  add('face_still_beside', Math.min(3, beside), RISK_REASON_TEXT.face_still_beside(beside));

  const multiple = episodes('face-multiple').length;
  add('face_multiple', Math.min(45, 15 * multiple), RISK_REASON_TEXT.face_multiple(multiple));
  add('face_violations', Math.min(15, 5 * count('face')), RISK_REASON_TEXT.face_violations(count('face')));
  add('speech', Math.min(15, 5 * count('speech')), RISK_REASON_TEXT.speech(count('speech')));

  const lost = monitoringLostMs(e);
  add('monitoring_lost', Math.min(20, 2 * Math.ceil(lost / 60_000)), RISK_REASON_TEXT.monitoring_lost(lost));
  const denied = episodes('camera-denied').length;
  add('camera_denied', Math.min(30, 15 * denied), RISK_REASON_TEXT.camera_denied(denied));

  const devices = [...new Set(e.deviceReports.map((d) => d.device))];
  add('device_check', Math.min(10, 5 * e.deviceReports.length), RISK_REASON_TEXT.device_check(devices));
  add('reloads', Math.min(10, 2 * e.reloads), RISK_REASON_TEXT.reloads(e.reloads));

  const perSection = <K extends EvidenceGap['kind']>(kind: K) => {
    const m = new Map<string, Extract<EvidenceGap, { kind: K }>[]>();
    for (const g of e.gaps ?? []) if (g.kind === kind) m.set(g.section, [...(m.get(g.section) ?? []), g as Extract<EvidenceGap, { kind: K }>]);
    return m;
  };
  for (const [section, gs] of perSection('photos_missing')) {
    const missing = sum(gs.map((g) => g.required - g.received));
    add('photos_missing', Math.min(20, 10 * missing), RISK_REASON_TEXT.photos_missing(missing, section));
  }
  for (const [section, gs] of perSection('photo_late')) {
    add('photo_late', Math.min(6, 2 * gs.length), RISK_REASON_TEXT.photo_late(Math.max(...gs.map((g) => g.duration_ms)), section));
  }
  for (const [section, gs] of perSection('heartbeat_gap')) {
    const ms = sum(gs.map((g) => g.duration_ms));
    add('heartbeat_gap', Math.min(30, 2 * sum(gs.map((g) => Math.ceil(g.duration_ms / 60_000)))), RISK_REASON_TEXT.heartbeat_gap(ms, section));
  }
  for (const [section, gs] of perSection('monitoring_off')) {
    const ms = sum(gs.map((g) => g.duration_ms));
    add('monitoring_off', Math.min(30, 2 * sum(gs.map((g) => Math.ceil(g.duration_ms / 60_000)))), RISK_REASON_TEXT.monitoring_off(ms, section));
  }
  for (const [section, gs] of perSection('silent_end')) {
    const ms = sum(gs.map((g) => g.duration_ms));
    add('silent_end', Math.min(30, 2 * Math.ceil(ms / 60_000)), RISK_REASON_TEXT.silent_end(ms, section));
  }

  reasons.sort((a, b) => b.points - a.points);
  return { score: Math.min(RISK_SCORE_MAX, sum(reasons.map((r) => r.points))), reasons };
}
