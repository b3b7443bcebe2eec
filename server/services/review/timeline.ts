// The evidence timeline of one attempt (issue 17), oldest first. Each source reads one kind of stored
// evidence and answers entries; `TIMELINE_SOURCES` lists them, so another kind of evidence is one
// more function in that list. Photos come as staff-only signed URLs.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TimelineEntry, TimelinePhoto } from '../../../contracts/admin-review.ts';
import type { ProctoringEventKind } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import {
  appeals, attemptActivity, consents, deviceReports, media, orderSections, proctoringEvents, proctoringHeartbeats, reviewDecisions, staff, violations,
} from '../../db/schema/index.ts';
import { listBreaks } from '../exam/breaks.ts';
import { loadEvidenceGaps } from '../proctoring/evidence.ts';
import type { MediaUrlSigner } from '../media/media-urls.ts';

type OrderRow = typeof orders.$inferSelect;
type SectionRow = typeof orderSections.$inferSelect;

export interface TimelineContext {
  db: AppDb;
  order: OrderRow;
  /** The order's section rows (several sources need them). */
  sections: SectionRow[];
  /** A photo of this attempt as staff see it (null id: no photo). */
  photo(id: string | null): TimelinePhoto | null;
  /** When a stored photo was taken (undefined once deleted). */
  photoTakenAt(id: string): Date | undefined;
}

export type TimelineSource = (ctx: TimelineContext) => Promise<TimelineEntry[]>;

type EntryFields = Partial<Omit<TimelineEntry, 'at' | 'kind'>>;
export function entry(at: Date, kind: string, f: EntryFields = {}): TimelineEntry {
  return {
    at: at.toISOString(), kind, section: f.section ?? null, subtype: f.subtype ?? null, duration_ms: f.duration_ms ?? null,
    count: f.count ?? null, text: f.text ?? null, photo: f.photo ?? null, data: f.data ?? null,
  };
}

/** Consent and the device checks continued anyway. */
const preparationSource: TimelineSource = async ({ db, order }) => {
  const [cs, ds] = await Promise.all([
    db.select().from(consents).where(eq(consents.order_id, order.id)),
    db.select().from(deviceReports).where(eq(deviceReports.order_id, order.id)),
  ]);
  return [
    ...cs.map((c) => entry(c.created_at, 'consent', { text: c.rules_version })),
    ...ds.map((d) => entry(d.created_at, 'device_report', { section: 'device-check', subtype: d.device, text: d.problem, data: { continued: d.continued } })),
  ];
};

/** The test's start, each section's start and close (candidate, deadline sweeper or disqualification). */
const sectionSource: TimelineSource = async ({ order, sections }) => {
  const out: TimelineEntry[] = [];
  if (order.started_at) out.push(entry(order.started_at, 'test_started'));
  for (const s of sections) {
    // Sections a disqualification closed before they began have start = close: no start to show.
    const neverOpened = s.closed_by === 'disqualified' && s.submitted_at?.getTime() === s.started_at.getTime();
    if (!neverOpened) out.push(entry(s.started_at, 'section_started', { section: s.section, data: { deadline_at: s.deadline_at.toISOString() } }));
    if (s.submitted_at) {
      out.push(entry(s.submitted_at, 'section_closed', {
        section: s.section, subtype: s.closed_by ?? 'submitted', data: { raw_correct: s.raw_correct, converted: s.converted, photos: s.images.length },
      }));
    }
  }
  return out;
};

const ACTIVITY_KIND = { autosave: ['autosave', null], autosave_replayed: ['offline_replay', 'draft'], submit_replayed: ['offline_replay', 'submission'], resume: ['resume', null] } as const;

/** Autosaves, offline replays and reloads, counted per minute (attempt_activity). */
const activitySource: TimelineSource = async ({ db, order }) => {
  const rows = await db.select().from(attemptActivity).where(eq(attemptActivity.order_id, order.id)).orderBy(asc(attemptActivity.minute));
  return rows.map((r) => {
    const [kind, subtype] = ACTIVITY_KIND[r.kind];
    return entry(r.minute, kind, { section: r.section, subtype, count: r.count });
  });
};

/** Every violation with its photo and what was heard. */
const violationSource: TimelineSource = async ({ db, order, photo }) => {
  const rows = await db.select().from(violations).where(eq(violations.order_id, order.id)).orderBy(asc(violations.created_at), asc(violations.id));
  return rows.map((v) => entry(v.created_at, 'violation', { section: v.section, subtype: v.counter_type, text: v.text_voice, photo: photo(v.image_media_id) }));
};

/** The periodic photos of each section (those not already shown with a violation). */
const photoSource: TimelineSource = async ({ db, order, sections, photo, photoTakenAt }) => {
  const withViolation = new Set((await db.select({ id: violations.image_media_id }).from(violations).where(eq(violations.order_id, order.id))).map((r) => r.id));
  return sections.flatMap((s) => s.images.filter((id) => !withViolation.has(id)).map((id) =>
    // A deleted photo's time is unknown: it is shown at the section's close, which carried its id.
    entry(photoTakenAt(id) ?? s.submitted_at ?? s.started_at, 'photo', { section: s.section, photo: photo(id) })));
};

const OUTAGES: ReadonlySet<ProctoringEventKind> = new Set(['camera-ended', 'detector-unavailable', 'camera-denied']);

/**
 * Monitoring events: an outage (camera ended or refused, detector unavailable) with its length up to
 * 'recovered' or the section's close; episodes reported with their length (time away from the tab,
 * no face, several faces) are shown from their start; notes (the face detector's rate changing on a
 * slow laptop, issue 16) at their time with the client's text.
 */
const monitoringSource: TimelineSource = async ({ db, order, sections }) => {
  // 'page-left' only tells the live view at once (issue 30); its 'page-away' with the length is the record.
  const rows = (await db.select().from(proctoringEvents).where(eq(proctoringEvents.order_id, order.id))
    .orderBy(asc(proctoringEvents.created_at), asc(proctoringEvents.id))).filter((e) => e.kind !== 'page-left');
  return rows.map((e, i) => {
    if (e.kind === 'page-away') return entry(new Date(e.created_at.getTime() - (e.duration_ms ?? 0)), 'away', { section: e.section, duration_ms: e.duration_ms });
    if (e.kind === 'face-missing' || e.kind === 'face-multiple' || e.kind === 'face-still' || e.kind === 'face-still-beside') {
      return entry(new Date(e.created_at.getTime() - (e.duration_ms ?? 0)), 'face_episode', { section: e.section, subtype: e.kind, duration_ms: e.duration_ms });
    }
    let duration: number | null = null;
    if (OUTAGES.has(e.kind)) {
      const end = rows.slice(i + 1).find((n) => n.section === e.section && n.kind === 'recovered')?.created_at
        ?? sections.find((s) => s.section === e.section)?.submitted_at;
      duration = end ? end.getTime() - e.created_at.getTime() : null;
    }
    return entry(e.created_at, 'monitoring', { section: e.section, subtype: e.kind, text: e.detail || null, duration_ms: duration });
  });
};

/** How the attempt ended. */
const outcomeSource: TimelineSource = async ({ order }) => {
  const out: TimelineEntry[] = [];
  if (order.disqualified_at) out.push(entry(order.disqualified_at, 'disqualified', { text: order.disqualified_reason }));
  if (order.status === 'completed' && order.completed_at) {
    out.push(entry(order.completed_at, 'completed', {
      data: { listening: order.listening_score, structure: order.structure_score, reading: order.reading_score, total: order.total_score, level: order.level },
    }));
  }
  return out;
};

/** The appeal and every decision (the history). */
const reviewSource: TimelineSource = async ({ db, order }) => {
  const [ds, ap] = await Promise.all([
    db.select({ d: reviewDecisions, email: staff.email }).from(reviewDecisions).innerJoin(staff, eq(staff.id, reviewDecisions.staff_id))
      .where(eq(reviewDecisions.order_id, order.id)),
    db.select().from(appeals).where(eq(appeals.order_id, order.id)),
  ]);
  return [
    ...ap.map((a) => entry(a.created_at, 'appeal', { text: a.text, subtype: a.status, data: { outcome: a.outcome } })),
    ...ds.map(({ d, email }) => entry(d.created_at, 'decision', { subtype: d.decision, text: d.note, data: { status: d.status, staff_email: email, reversed: d.reversed } })),
  ];
};

/**
 * Breaks granted as an accommodation (issue 18, services/exam/breaks.ts), from their start: the
 * length taken (to its end, or to the allowed end while it runs) and the allowed end. Proctoring is
 * off during a break, so the gap in the other sources is explained here.
 */
const breakSource: TimelineSource = async ({ db, order }) => (await listBreaks(db, order.id)).map((b) =>
  entry(b.started_at, 'break', {
    subtype: b.after_section, duration_ms: (b.ended_at ?? b.ends_at).getTime() - b.started_at.getTime(),
    data: { allowed_until: b.ends_at.toISOString(), ended_at: b.ended_at?.toISOString() ?? null },
  }));

/**
 * Gaps in the evidence the rules required, computed by the server (issue 27): required photos that
 * never arrived (at the section's close, with the counts), late photos, heartbeats absent while
 * autosaves arrived and monitoring silent at the end (from their start, with their length).
 */
const evidenceGapSource: TimelineSource = async ({ db, order }) => ((await loadEvidenceGaps(db, [order.id])).get(order.id) ?? []).map((g) =>
  entry(new Date(g.at), 'evidence_gap', {
    section: g.section, subtype: g.kind,
    duration_ms: g.kind === 'photos_missing' ? null : g.duration_ms,
    data: g.kind === 'photos_missing' ? { required: g.required, received: g.received } : null,
  }));

/**
 * The monitoring heartbeats per section (issue 27), summed at the section's first beat: how many
 * arrived, how many said the camera or detector was off, the mean detector rate, the face verdicts
 * and the time away the run counted (a cross-check of the violations and episodes reported).
 */
const heartbeatSource: TimelineSource = async ({ db, order }) => {
  const rows = await db.select({
    section: proctoringHeartbeats.section,
    first: sql<Date>`min(${proctoringHeartbeats.received_at})`.mapWith(proctoringHeartbeats.received_at),
    n: sql<number>`count(*)::int`,
    off: sql<number>`count(*) filter (where not (${proctoringHeartbeats.camera_live} and ${proctoringHeartbeats.detector_running}))::int`,
    fps: sql<number>`round(avg(${proctoringHeartbeats.detector_fps})::numeric, 1)::float`,
    leaves: sql<number>`sum(${proctoringHeartbeats.tab_leaves})::int`,
    hidden: sql<number>`sum(${proctoringHeartbeats.tab_hidden_ms})::int`,
    ok: sql<number>`sum((${proctoringHeartbeats.face_counts}->>'ok')::int)::int`,
    no_face: sql<number>`sum((${proctoringHeartbeats.face_counts}->>'no_face')::int)::int`,
    multi_face: sql<number>`sum((${proctoringHeartbeats.face_counts}->>'multi_face')::int)::int`,
    still: sql<number>`sum((${proctoringHeartbeats.face_counts}->>'still')::int)::int`,
  }).from(proctoringHeartbeats).where(eq(proctoringHeartbeats.order_id, order.id)).groupBy(proctoringHeartbeats.section);
  return rows.map((r) => entry(r.first, 'heartbeats', {
    section: r.section, count: Number(r.n),
    data: {
      camera_or_detector_off: Number(r.off), detector_fps_avg: Number(r.fps), tab_leaves: Number(r.leaves), tab_hidden_ms: Number(r.hidden),
      face_ok: Number(r.ok), face_no_face: Number(r.no_face), face_multi_face: Number(r.multi_face), face_still: Number(r.still),
    },
  }));
};

/** The sources, in the order their entries are listed when two share a time. */
export const TIMELINE_SOURCES: TimelineSource[] = [
  preparationSource, sectionSource, activitySource, violationSource, photoSource, monitoringSource, heartbeatSource, evidenceGapSource, breakSource, outcomeSource, reviewSource,
];

export interface TimelineDeps { db: AppDb; urls: MediaUrlSigner }

/** The attempt's timeline from every source, sorted by time (stable: a source's own order is kept). */
export async function buildTimeline({ db, urls }: TimelineDeps, order: OrderRow, sources: TimelineSource[] = TIMELINE_SOURCES): Promise<TimelineEntry[]> {
  const sections = await db.select().from(orderSections).where(eq(orderSections.order_id, order.id));
  const referenced = [...new Set([
    ...sections.flatMap((s) => s.images),
    ...(await db.select({ id: violations.image_media_id }).from(violations).where(eq(violations.order_id, order.id))).map((r) => r.id),
  ].filter((id): id is string => id !== null))];
  // Only the member's own photos resolve: an id stored by mistake never opens another file.
  const stored = referenced.length === 0 ? [] : await db.select({ id: media.id, created_at: media.created_at }).from(media)
    .where(and(inArray(media.id, referenced), eq(media.owner_user_id, order.user_id)));
  const taken = new Map(stored.map((m) => [m.id, m.created_at]));
  const ctx: TimelineContext = {
    db, order, sections,
    photo: (id) => (id === null ? null : { id, url: taken.has(id) ? urls.url(id) : null, deleted: !taken.has(id) }),
    photoTakenAt: (id) => taken.get(id),
  };
  const lists = await Promise.all(sources.map((s) => s(ctx)));
  return lists.flat().map((e, i) => ({ e, i })).sort((a, b) => a.e.at.localeCompare(b.e.at) || a.i - b.i).map(({ e }) => e);
}

/** The photo ids an attempt references (violations and sections): what staff may open for it. */
export async function attemptPhotoIds(db: AppDb, orderId: string): Promise<Set<string>> {
  const [secs, vs] = await Promise.all([
    db.select({ images: orderSections.images }).from(orderSections).where(eq(orderSections.order_id, orderId)),
    db.select({ id: violations.image_media_id }).from(violations).where(eq(violations.order_id, orderId)),
  ]);
  return new Set([...secs.flatMap((s) => s.images), ...vs.map((v) => v.id).filter((id): id is string => id !== null)]);
}
