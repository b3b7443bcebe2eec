// The section's proctoring photos (spec 4.7): the periodic ones, the ids of those uploaded (kept per
// order in local storage, so a reload keeps them, and published for the submission's `images`), and
// how many still wait in the outbox.
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import type { SendOutcome } from '../../../lib/offline-queue.ts';
import { sectionPhotoIdsAtom } from '../../../lib/proctoring-seams.ts';
import { emptyPhotoRecord, photoRecordAtom } from '../atoms.ts';
import type { PhotoRecord } from '../atoms.ts';
import { createPhotoScheduler } from '../photo-scheduler.ts';
import type { PhotoJob } from '../proctoring-outbox.ts';
import { PHOTO_BASE_MS } from '../rules.ts';
import type { RunContext } from './run-context.ts';

export function createPhotos(ctx: RunContext, cameraUsable: () => boolean) {
  const { store, orderId, section, deps } = ctx;
  /** Photos of this section waiting in the outbox. */
  let queued = 0;

  const record = (): PhotoRecord => {
    const r = store.get(photoRecordAtom);
    return r.order_id === orderId ? r : { order_id: orderId, sections: {} };
  };
  const ids = () => record().sections[section] ?? [];

  function publish(r: PhotoRecord): void {
    store.set(photoRecordAtom, r);
    store.set(sectionPhotoIdsAtom, { ...r.sections });
  }

  function addId(jobOrder: string, jobSection: ExamSectionName, id: string): void {
    if (jobOrder !== orderId) return; // left over from another order: that test is over
    const r = record();
    publish({ order_id: orderId, sections: { ...r.sections, [jobSection]: [...(r.sections[jobSection] ?? []), id] } });
  }

  /** Takes one photo from the video and sends it through the outbox. */
  async function captureAndSend(): Promise<SendOutcome> {
    const photo = await deps.capture(ctx.video);
    queued++;
    return deps.outbox.send({ type: 'photo', orderId, section, photo });
  }

  const scheduler = createPhotoScheduler({
    count: () => ids().length + queued,
    capture: captureAndSend,
    baseMs: deps.photoBaseMs ?? PHOTO_BASE_MS,
    random: deps.random,
    setTimer: ctx.setTimer,
    clearTimer: ctx.clearTimer,
  });

  return {
    ids,
    scheduler,
    captureAndSend,
    /** Evidence for a violation: null when the camera has no picture or the capture fails. */
    safeCapture: (): Promise<Blob | null> => (cameraUsable() ? deps.capture(ctx.video).catch(() => null) : Promise.resolve(null)),
    /** Shows this order's stored ids (a reload keeps them); another order's are dropped. */
    publishRecord: () => publish(record()),
    clear: () => publish(emptyPhotoRecord),
    /** Counts this section's photos still in the outbox from before a reload. */
    async loadQueued(): Promise<void> {
      queued = (await deps.outbox.pending().catch(() => []))
        .filter((j) => j.type === 'photo' && j.orderId === orderId && j.section === section).length;
    },
    onResult(job: PhotoJob, outcome: SendOutcome): void {
      if (outcome.ok) addId(job.orderId, job.section, outcome.data as string);
      if ((outcome.ok || !outcome.kept) && job.orderId === orderId && job.section === section) queued = Math.max(0, queued - 1);
    },
  };
}

export type Photos = ReturnType<typeof createPhotos>;
