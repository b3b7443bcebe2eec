// Photos through the whole run (periodic, kept over a reload), then the photo part on its own: the
// record per order, the queue count and the outbox's answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sectionPhotoIdsAtom } from '../../../lib/proctoring-seams.ts';
import { photoRecordAtom } from '../atoms.ts';
import type { PhotoJob } from '../proctoring-outbox.ts';
import { MAX_PHOTOS } from '../rules.ts';
import { createPhotos } from './photos.ts';
import { fakeClock, setup, testContext } from './testing/run-harness.ts';

beforeEach(fakeClock);
afterEach(() => vi.useRealTimers());

describe('photos (spec 4.7)', () => {
  it('periodic photos are uploaded and their ids kept for the submission', async () => {
    const t = setup({ section: 'reading' });
    await t.run.start();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(t.store.get(sectionPhotoIdsAtom).reading).toHaveLength(1);
    expect(t.store.get(photoRecordAtom)).toEqual({ order_id: 'order-1', sections: { reading: ['00000000-0000-4000-8000-000000000001'] } });
  });

  it('photos survive a reload (the record of this order)', async () => {
    const t = setup({ section: 'reading' });
    t.store.set(photoRecordAtom, { order_id: 'order-1', sections: { reading: ['a', 'b'] } });
    await t.run.start();
    expect(t.store.get(sectionPhotoIdsAtom)).toEqual({ reading: ['a', 'b'] });
    expect(await t.run.gate()).toBe(true);
  });
});

function parts(cameraUsable = () => true) {
  const t = testContext({ section: 'reading' });
  return { ...t, photos: createPhotos(t.ctx, cameraUsable) };
}

const photoJob = (over: Partial<PhotoJob> = {}): PhotoJob => ({
  type: 'photo', orderId: 'order-1', section: 'reading', photo: new Blob(['jpeg']), ...over,
});

describe('the photo part', () => {
  it("publishes this order's record and drops another order's", () => {
    const p = parts();
    p.store.set(photoRecordAtom, { order_id: 'order-0', sections: { reading: ['old'] } });
    p.photos.publishRecord();
    expect(p.store.get(photoRecordAtom)).toEqual({ order_id: 'order-1', sections: {} });
    expect(p.store.get(sectionPhotoIdsAtom)).toEqual({});
  });

  it('uploaded ids join the section; ids for another order are ignored; clear forgets them', () => {
    const p = parts();
    p.photos.onResult(photoJob(), { ok: true, data: 'p1' });
    p.photos.onResult(photoJob({ section: 'structure' }), { ok: true, data: 's1' });
    p.photos.onResult(photoJob({ orderId: 'order-2' }), { ok: true, data: 'x' });
    expect(p.photos.ids()).toEqual(['p1']);
    expect(p.store.get(sectionPhotoIdsAtom)).toEqual({ reading: ['p1'], structure: ['s1'] });
    p.photos.clear();
    expect(p.store.get(sectionPhotoIdsAtom)).toEqual({});
  });

  it('photos still waiting in the outbox count towards the five; a refused one no longer does', async () => {
    const p = parts();
    for (let n = 0; n < MAX_PHOTOS; n++) await p.photos.captureAndSend();
    p.photos.scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(p.deps.capture).toHaveBeenCalledTimes(MAX_PHOTOS);
    p.photos.scheduler.stop();
    p.photos.onResult(photoJob(), { ok: false, kept: false, error: new Error('refused') });
    p.photos.scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(p.deps.capture).toHaveBeenCalledTimes(MAX_PHOTOS + 1);
  });

  it('after a reload, the photos of this section still in the outbox are counted', async () => {
    const t = testContext({ section: 'reading', online: () => false });
    const before = createPhotos(t.ctx, () => true);
    for (let n = 0; n < MAX_PHOTOS; n++) await before.captureAndSend();
    const after = createPhotos(t.ctx, () => true);
    await after.loadQueued();
    after.scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(t.deps.capture).toHaveBeenCalledTimes(MAX_PHOTOS);
  });

  it('evidence is taken only while the camera has a picture, and a failed capture is null', async () => {
    let usable = false;
    const p = parts(() => usable);
    expect(await p.photos.safeCapture()).toBeNull();
    expect(p.deps.capture).not.toHaveBeenCalled();
    usable = true;
    p.deps.capture.mockRejectedValueOnce(new Error('no frame'));
    expect(await p.photos.safeCapture()).toBeNull();
    expect(await p.photos.safeCapture()).toBeInstanceOf(Blob);
  });
});
