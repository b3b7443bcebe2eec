// Loads what the server stored about each proctored section of finished attempts (issue 27) and
// computes its gaps (evidence-gaps.ts): the review's risk rows, the timeline and the certificate's
// hold read it. Photos are the member's uploads that arrived while the section was open (periodic
// and violation photos alike); beats and autosaves are the server's own receipt times.
import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { SUBMIT_GRACE_MS } from '../../../contracts/facts/index.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { attemptActivity, media, orderSections, orders, proctoringHeartbeats } from '../../db/schema/index.ts';
import { sectionGaps, type EvidenceGap, type SectionEvidence } from './evidence-gaps.ts';
import { rulesFor } from './proctoring.ts';

type Db = AppDb | AppTx;

/** The evidence gaps of each order (every id gets an entry; sections still open are not judged). */
export async function loadEvidenceGaps(db: Db, orderIds: string[]): Promise<Map<string, EvidenceGap[]>> {
  const out = new Map<string, EvidenceGap[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return out;
  const [os, secs, beats, saves] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    db.select({ order_id: orderSections.order_id, section: orderSections.section, opened: orderSections.started_at, closed: orderSections.submitted_at, closed_by: orderSections.closed_by, deadline: orderSections.deadline_at })
      .from(orderSections).where(inArray(orderSections.order_id, orderIds)),
    db.select({
      order_id: proctoringHeartbeats.order_id, section: proctoringHeartbeats.section, at: proctoringHeartbeats.received_at,
      watching: sql<boolean>`${proctoringHeartbeats.camera_live} and ${proctoringHeartbeats.detector_running}`,
    })
      .from(proctoringHeartbeats).where(inArray(proctoringHeartbeats.order_id, orderIds)),
    db.select({ order_id: attemptActivity.order_id, section: attemptActivity.section, minute: attemptActivity.minute })
      .from(attemptActivity).where(and(inArray(attemptActivity.order_id, orderIds), eq(attemptActivity.kind, 'autosave'))),
  ]);
  const windows = secs.filter((s) => s.closed !== null);
  const users = new Map(os.map((o) => [o.id, o.user_id]));
  const photos = windows.length === 0 ? [] : await db.select({ owner: media.owner_user_id, at: media.created_at }).from(media)
    .where(and(eq(media.source, 'upload'), eq(media.type, 'image'), or(...windows.map((w) =>
      and(eq(media.owner_user_id, users.get(w.order_id)!), gte(media.created_at, w.opened), lte(media.created_at, w.closed!))))));
  for (const order of os) {
    // Made before the heartbeat existed (the migration): not judged.
    if (!order.evidence_required) continue;
    const rules = await rulesFor(db, order);
    const gaps: EvidenceGap[] = [];
    for (const s of secs.filter((x) => x.order_id === order.id)) {
      // A section a disqualification closed before it began was never open.
      if (!s.closed || s.closed.getTime() <= s.opened.getTime()) continue;
      const ofSection = beats.filter((b) => b.order_id === order.id && b.section === s.section);
      // A section the sweeper closed late (the server was down) was open only to its deadline and grace.
      const closed = Math.min(s.closed.getTime(), s.deadline.getTime() + SUBMIT_GRACE_MS);
      const evidence: SectionEvidence = {
        section: s.section, opened: s.opened.getTime(), closed, closedBy: s.closed_by,
        photos: photos.filter((p) => p.owner === order.user_id).map((p) => p.at.getTime()),
        // Where the camera is required, only a beat that says it and the detector ran proves monitoring.
        beats: ofSection.filter((b) => !rules.camera_required || b.watching).map((b) => b.at.getTime()),
        offBeats: ofSection.filter((b) => rules.camera_required && !b.watching).map((b) => b.at.getTime()),
        autosaveMinutes: saves.filter((a) => a.order_id === order.id && a.section === s.section).map((a) => a.minute.getTime()),
      };
      gaps.push(...sectionGaps(rules, evidence));
    }
    out.set(order.id, gaps);
  }
  return out;
}
