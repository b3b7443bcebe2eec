// What one timeline entry says, as text: the title (kind and subtype), the section and the details
// (counts, durations, what was heard, notes). Pure, so the wording is unit-tested; an entry kind the
// console does not know yet (a new source on the server) is shown by its name.
import type { TimelineEntry } from '../../../../contracts/admin-review.ts';
import { type ReviewDecision, violationKindOfReason } from '../../../../contracts/facts/index.ts';
import { DECISION_LABELS } from '../../../../contracts/facts/review-texts.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { formatCount, formatDuration, formatScore } from '../../lib/format.ts';

const t = staffReviewMessages.timeline;

export interface EntryText { title: string; section: string | null; details: string[] }

const subtype = (s: string | null) => (s ? t.subtypes[s] ?? s : null);

function titleOf(e: TimelineEntry): string {
  const kind = t.kinds[e.kind] ?? e.kind;
  if (e.kind === 'decision' && e.subtype) return `${kind}: ${DECISION_LABELS[e.subtype as ReviewDecision] ?? e.subtype}`;
  const sub = subtype(e.subtype);
  return sub ? `${kind}: ${sub}` : kind;
}

function detailsOf(e: TimelineEntry): string[] {
  const out: string[] = [];
  if (e.count !== null) out.push(t.count(e.count));
  if (e.duration_ms !== null) out.push(t.duration(formatDuration(e.duration_ms)));
  if (e.kind === 'violation' && e.text) out.push(t.heard(e.text));
  else if (e.kind === 'disqualified' && e.text) out.push(disqualifiedReasonText(e.text));
  else if (e.text) out.push(e.text);
  if (e.kind === 'completed' && e.data) out.push(`Total ${formatScore(e.data.total as number | null)} (${String(e.data.level ?? '–')})`);
  if (e.kind === 'section_closed' && e.data && e.data.raw_correct !== null && e.data.raw_correct !== undefined) out.push(`benar ${formatCount(e.data.raw_correct as number)}`);
  if (e.kind === 'decision' && e.data?.staff_email) out.push(String(e.data.staff_email));
  if (e.kind === 'heartbeats' && e.data) out.push(t.heartbeats(Number(e.data.detector_fps_avg), Number(e.data.camera_or_detector_off), Number(e.data.tab_leaves)));
  if (e.kind === 'evidence_gap' && e.data && typeof e.data.required === 'number') out.push(t.photosReceived(Number(e.data.received), e.data.required));
  return out;
}

export function entryText(e: TimelineEntry): EntryText {
  return { title: titleOf(e), section: e.section ? t.section(e.section) : null, details: detailsOf(e) };
}

const CANDIDATE_APP = /^candidate app: (.+)$/;

/** The server's stored reason ('violations:open_new_tab', 'candidate app: reading') as a sentence. */
export function disqualifiedReasonText(code: string): string {
  const r = staffReviewMessages.attempt.reasons;
  const kind = violationKindOfReason(code);
  if (kind) return r.violations(t.subtypes[kind] ?? r.other);
  const section = CANDIDATE_APP.exec(code)?.[1];
  if (section) return r.candidateApp(t.section(section));
  return r.other;
}
