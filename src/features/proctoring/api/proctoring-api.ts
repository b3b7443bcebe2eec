// Proctoring calls (spec 7): the order's counters and rules, violation reports, monitoring events,
// photo uploads (multipart) and the disqualified answer. Types only from the contracts (their zod
// schemas stay out of the page's chunks).
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import type { AnswerSubmitRequest } from '../../../../contracts/exam-delivery.ts';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import type {
  HeartbeatRequest, HeartbeatResult, OrderProctoringState, ProctoringEventRequest, ProctoringState, ProctoringStateResponse, UploadResponse, ViolationRequest,
} from '../../../../contracts/proctoring.ts';
import { api, ApiError } from '../../../lib/api-client.ts';

/** The order's counters and rules, and whether cloud speech recognition is allowed now (issue 19). */
export async function getProctoringState(orderId: string): Promise<OrderProctoringState> {
  const res = await api.get<{ data: OrderProctoringState }>(fillPath(apiPaths.order.violations, { id: orderId }));
  return res.data.data;
}

/** `:license` may be the order id (the server accepts both). */
export async function reportViolation(orderId: string, body: ViolationRequest): Promise<ProctoringState> {
  const res = await api.put<ProctoringStateResponse>(fillPath(apiPaths.order.updateViolation, { license: orderId }), body);
  return res.data.data;
}

export async function postProctoringEvent(orderId: string, body: ProctoringEventRequest): Promise<void> {
  await api.post(fillPath(apiPaths.order.proctoringEvent, { id: orderId }), body);
}

/** Issue 27: the run's monitoring beats (the outbox sends what waited, oldest first). */
export async function postHeartbeat(orderId: string, body: HeartbeatRequest): Promise<HeartbeatResult> {
  const res = await api.post<{ data: HeartbeatResult }>(fillPath(apiPaths.order.proctoringHeartbeat, { id: orderId }), body);
  return res.data.data;
}

/** POST media.upload: multipart title, source 'upload', file. Answers the media id. */
export async function uploadPhoto(photo: Blob, title: string): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  form.append('source', 'upload');
  form.append('file', photo, 'photo.jpg');
  const res = await api.post<UploadResponse>(apiPaths.media.upload, form);
  return res.data.data.id;
}

/** Spec 4.6: the disqualified answer of one section (empty answer, no photos). */
export async function postDisqualified(orderId: string, section: ExamSectionName): Promise<void> {
  const body: AnswerSubmitRequest = { id: orderId, section, images: [], answer: [], disqualified: true };
  await api.post(apiPaths.order.answer, body);
}

/** No answer, or the server failing: try again later. A refusal (4xx but 408/429) never succeeds. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
