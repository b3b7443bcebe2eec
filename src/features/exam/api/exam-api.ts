// Exam delivery calls (spec 7). Drafts and submissions go through the persistent outbox, so an
// answer typed offline or just before a crash is sent when the network is back.
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import type {
  AnswerDraftRequest, AnswerDraftResponse, AnswerSubmitRequest, AnswerSubmitResult, OrderDetailFull, SectionDetail, SectionDetailResponse,
} from '../../../../contracts/exam-delivery.ts';
import type { AppealSummary } from '../../../../contracts/appeals.ts';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import { api, ApiError, clockOffsetMs } from '../../../lib/api-client.ts';
import { createOfflineQueue } from '../../../lib/offline-queue.ts';
import type { QueuedRequest, QueueEntry, SendOutcome } from '../../../lib/offline-queue.ts';
import { OUTBOX_QUEUED_HEADER } from '../../../../contracts/facts/index.ts';

export interface LoadedSection {
  detail: SectionDetail;
  /** Server clock minus client clock, measured around this request. */
  offsetMs: number;
}

/** Fetching a section also starts it on the server (its deadline is fixed by the first call). */
export async function fetchSection(orderId: string, section: ExamSectionName): Promise<LoadedSection> {
  const started = Date.now();
  const res = await api.get<SectionDetailResponse>(fillPath(apiPaths.order.sectionDetail, { id: orderId, section }));
  const detail = res.data.data;
  return { detail, offsetMs: clockOffsetMs(detail.server_time_ms, started, Date.now()) };
}

/** No answer yet, or the server is failing: try again later. A refusal (4xx) never succeeds. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export const outbox = createOfflineQueue({
  isRetryable,
  async send(request: QueueEntry) {
    // How long it waited here: the server counts long waits as offline replays (reviewers' timeline).
    const headers = { [OUTBOX_QUEUED_HEADER]: String(Math.max(0, Date.now() - request.createdAt)) };
    const res = await api.request({ method: request.method, url: request.path, data: request.body, headers });
    return (res.data as { data: unknown }).data;
  },
});

export const outboxKey = (orderId: string, section: ExamSectionName) => `${orderId}:${section}`;

let lastDraftSeq = 0;
/**
 * The draft's client sequence: the page's clock in ms, kept strictly increasing, so the server
 * keeps the newest draft when an older one arrives late (a retry overtaken by the next autosave).
 */
export function nextDraftSeq(now = Date.now()): number {
  lastDraftSeq = Math.max(now, lastDraftSeq + 1);
  return lastDraftSeq;
}

export function saveDraft(draft: AnswerDraftRequest): Promise<SendOutcome> {
  const body = { ...draft, client_seq: draft.client_seq ?? nextDraftSeq() };
  return outbox.send({ method: 'PUT', path: apiPaths.order.answerDraft, body, key: outboxKey(body.id, body.section), kind: 'draft', attempt: body.id });
}

export function submitAnswers(body: AnswerSubmitRequest): Promise<SendOutcome> {
  return outbox.send({ method: 'POST', path: apiPaths.order.answer, body, key: outboxKey(body.id, body.section), kind: 'submit', attempt: body.id });
}

/** The newest waiting draft or submission of a section (newer than what the server has). */
export async function pendingFor(orderId: string, section: ExamSectionName): Promise<QueuedRequest | null> {
  const key = outboxKey(orderId, section);
  return (await outbox.pending()).filter((e) => e.key === key).at(-1) ?? null;
}

export type { AnswerDraftResponse, AnswerSubmitResult };

/** Issue 17: the member's appealable attempts (the end page links a disqualification to its appeal). */
export async function appealableAttempts(): Promise<AppealSummary[]> {
  return (await api.get<{ data: { list: AppealSummary[] } }>(apiPaths.order.appeals)).data.data.list.filter((a) => a.can_appeal);
}

/**
 * Issue 27, for the end page: why the server ended this attempt ('violations:face', …; null when it
 * does not say) and whether its certificate waits for a review of missing proctoring evidence.
 */
export async function attemptOutcome(orderId: string): Promise<{ reason: string | null; evidence: OrderDetailFull['evidence_status'] }> {
  const { data } = (await api.get<{ data: OrderDetailFull }>(fillPath(apiPaths.order.detailFull, { id: orderId }))).data;
  return { reason: data.order.disqualified_reason, evidence: data.evidence_status ?? null };
}
