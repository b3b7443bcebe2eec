// Evidence the server accounts for (issue 27): the proctoring run's monitoring heartbeat and the
// limits the server judges it by. Plain constants shared by the SPA (which sends beats) and the
// server (which stores them and computes the gaps itself: services/proctoring/evidence.ts).

/** The proctoring run sends one beat this often while a proctored section is open. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** At most this many beats in one request (the outbox sends what waited, oldest first). */
export const HEARTBEAT_BATCH_MAX = 20;
/**
 * No beat received for this long while the section was open is a gap (three missed beats: one late
 * or lost request on mobile data is not one).
 */
export const HEARTBEAT_GAP_MS = 3 * HEARTBEAT_INTERVAL_MS + 5_000;
/** A section whose last beat came this long before it closed was not monitored at its end. */
export const HEARTBEAT_END_SILENCE_MS = HEARTBEAT_GAP_MS;

/**
 * What the candidate's result and certificate say about the proctoring evidence (a field added to
 * the certificate list; services/proctoring/evidence.ts):
 * - 'complete': what the rules required arrived (or nothing was required);
 * - 'pending_review': required evidence is missing; the answers are scored, the certificate waits
 *   for a reviewer's decision;
 * - 'released': a reviewer found the attempt valid; the certificate is issued;
 * - 'refused': a reviewer invalidated the attempt; no certificate.
 */
export const EVIDENCE_STATUSES = ['complete', 'pending_review', 'released', 'refused'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];
