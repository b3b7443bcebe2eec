// The proctoring run's monitoring heartbeat (issue 27): stored with the server's receipt time, only
// for a section that is open now. What the beats prove (and what their absence means) is computed
// from these rows by evidence.ts, never taken from the client.
import { HEARTBEAT_INTERVAL_MS, SECTION_MESSAGES, SERVER_MESSAGES, SUBMIT_GRACE_MS } from '../../../contracts/facts/index.ts';
import type { Heartbeat, HeartbeatResult } from '../../../contracts/proctoring.ts';
import type { AppDb } from '../../db/client.ts';
import { proctoringHeartbeats } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { getOwnOrderWithSections } from '../orders/orders.ts';

/**
 * Stores the beats of the member's own order (404 for any other) that name a section open now
 * (started, not closed, before its deadline and grace); beats of any other section are refused
 * (counted in `refused`), so a client never fills a closed section's gaps afterwards, and a batch
 * with no beat of an open section is refused with 409 and the section's message. A beat already
 * stored (same run and seq: a retry) is skipped.
 */
export async function recordHeartbeats(db: AppDb, memberId: string, orderId: string, beats: Heartbeat[], now: Date): Promise<HeartbeatResult> {
  // The order and its sections in one prepared round trip (a beat comes every 15 s from every candidate).
  const { order, rows } = await getOwnOrderWithSections(db, memberId, orderId);
  if (order.status === 'disqualified') throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
  if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
  if (order.status !== 'in_progress') throw new HttpError(409, SERVER_MESSAGES.testNotStarted);
  const refusal = (section: Heartbeat['section']): string | null => {
    const row = rows.find((r) => r.section === section);
    if (!row) return SECTION_MESSAGES.sectionNotStarted(section);
    if (row.submitted_at || row.deadline_at.getTime() + SUBMIT_GRACE_MS <= now.getTime()) return SECTION_MESSAGES.sectionClosed(section);
    return null;
  };
  const open = beats.filter((b) => refusal(b.section) === null);
  if (open.length === 0) throw new HttpError(409, refusal(beats[beats.length - 1]!.section)!);
  const stored = await db.insert(proctoringHeartbeats).values(open.map((b) => ({
    order_id: order.id, section: b.section, run_id: b.run_id, seq: b.seq, elapsed_ms: b.elapsed_ms, camera_live: b.camera_live,
    detector_running: b.detector_running, detector_fps: b.detector_fps, face_counts: b.face_counts, tab_hidden_ms: b.tab_hidden_ms,
    tab_leaves: b.tab_leaves, speech_monitoring: b.speech_monitoring, received_at: now,
  }))).onConflictDoNothing().returning({ id: proctoringHeartbeats.id });
  // The section's deadline as it stands now: a proctor may have given extra time (issue 30); the timer follows it.
  const deadline = rows.find((r) => r.section === open[open.length - 1]!.section)?.deadline_at;
  return {
    accepted: stored.length, refused: beats.length - open.length, interval_ms: HEARTBEAT_INTERVAL_MS, received_at: now.toISOString(),
    deadline_at: deadline ? deadline.toISOString() : null,
  };
}

