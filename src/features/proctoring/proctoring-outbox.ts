// Photos and violation reports that must not be lost (spec 4.5, 4.7): each is written to its own
// persistent outbox (src/lib/offline-queue.ts, IndexedDB, photos kept as Blobs) before it is sent,
// and stays there until the server has answered. The run's monitoring heartbeat (issue 27) goes the
// same way, so a beat made offline reaches the server when the network is back. A violation's photo is uploaded first and its id
// sent as `image`; retries reuse the report's `violation_id`, so the server never counts one twice.
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { ExamSectionName } from '../../../contracts/exam-import.ts';
import type { Heartbeat, HeartbeatRequest, HeartbeatResult, ProctoringState, ViolationRequest } from '../../../contracts/proctoring.ts';
import { createOfflineQueue, defaultStorage } from '../../lib/offline-queue.ts';
import type { QueueEntry, QueueStorage, SendOutcome } from '../../lib/offline-queue.ts';
import { isRetryable as defaultIsRetryable, postHeartbeat, reportViolation, uploadPhoto } from './api/proctoring-api.ts';

export interface PhotoJob {
  type: 'photo';
  orderId: string;
  section: ExamSectionName;
  photo: Blob;
}

export interface ViolationJob {
  type: 'violation';
  orderId: string;
  /** With `violation_id`, the same on every retry. */
  request: ViolationRequest & { violation_id: string };
  /** Uploaded before the report, its id sent as `image`; null: no photo. */
  photo: Blob | null;
}

/** Monitoring beats; `run_id` and `seq` let the server drop one a retry sends twice. */
export interface HeartbeatJob {
  type: 'heartbeat';
  orderId: string;
  beats: Heartbeat[];
}

export type OutboxJob = PhotoJob | ViolationJob | HeartbeatJob;

export interface ProctoringOutboxDeps {
  upload?: (photo: Blob, title: string) => Promise<string>;
  report?: (orderId: string, body: ViolationRequest) => Promise<ProctoringState>;
  heartbeat?: (orderId: string, body: HeartbeatRequest) => Promise<HeartbeatResult>;
  isRetryable?: (error: unknown) => boolean;
  storage?: QueueStorage;
  /** A photo the server refused for good (not an image, over quota): it is reported, not hidden. */
  onPhotoRefused?: (job: OutboxJob, error: unknown) => void;
}

export function createProctoringOutbox({
  upload = uploadPhoto,
  report = reportViolation,
  heartbeat = postHeartbeat,
  isRetryable = defaultIsRetryable,
  storage = browserStorage(),
  onPhotoRefused = () => undefined,
}: ProctoringOutboxDeps = {}) {
  // Photos of reports already uploaded in this page, so a retried report does not upload again.
  const uploaded = new Map<string, string>();

  async function sendJob(job: OutboxJob): Promise<unknown> {
    if (job.type === 'photo') return upload(job.photo, `proctoring ${job.section}`);
    if (job.type === 'heartbeat') return heartbeat(job.orderId, { beats: job.beats });
    let image = uploaded.get(job.request.violation_id) ?? '';
    if (job.photo && !image) {
      try {
        image = await upload(job.photo, `violation ${job.request.counter_type} ${job.request.section}`);
        uploaded.set(job.request.violation_id, image);
      } catch (error) {
        if (isRetryable(error)) throw error;
        // The violation still counts without its photo.
        onPhotoRefused(job, error);
      }
    }
    return report(job.orderId, { ...job.request, image });
  }

  const outbox = createOfflineQueue({ isRetryable, storage, send: (request) => sendJob(request.body as OutboxJob) });

  const keyOf = (job: OutboxJob) => {
    if (job.type === 'photo') return `photo:${crypto.randomUUID()}`;
    // One waiting batch per run: a newer batch (holding every unanswered beat) replaces it.
    if (job.type === 'heartbeat') return `heartbeat:${job.beats[0]!.run_id}`;
    return `violation:${job.request.violation_id}`;
  };
  const pathOf = (job: OutboxJob) => {
    if (job.type === 'photo') return apiPaths.media.upload;
    if (job.type === 'heartbeat') return fillPath(apiPaths.order.proctoringHeartbeat, { id: job.orderId });
    return fillPath(apiPaths.order.updateViolation, { license: job.orderId });
  };
  const toRequest = (job: OutboxJob) => ({
    method: job.type === 'violation' ? ('PUT' as const) : ('POST' as const),
    path: pathOf(job),
    body: job,
    key: keyOf(job),
    // Photos and reports stand alone; a heartbeat batch is superseded by the next one.
    kind: job.type === 'heartbeat' ? ('draft' as const) : ('submit' as const),
    attempt: job.orderId,
  });

  return {
    /** Stores the job and sends everything waiting up to it; the outcome says sent, refused or kept. */
    send: (job: OutboxJob): Promise<SendOutcome> => outbox.send(toRequest(job)),
    flush: () => outbox.flush(),
    pending: async (): Promise<OutboxJob[]> => (await outbox.pending()).map((e) => e.body as OutboxJob),
    subscribe: (listener: (job: OutboxJob, outcome: SendOutcome) => void) =>
      outbox.subscribe((entry: QueueEntry, outcome) => listener(entry.body as OutboxJob, outcome)),
  };
}

export type ProctoringOutbox = ReturnType<typeof createProctoringOutbox>;

/** Its own IndexedDB database (the exam's outbox holds JSON answers only), sealed; memory without one. */
const browserStorage = (): QueueStorage => defaultStorage('epot-proctoring-outbox');
