// 'Ambil Gambar' through the whole run, then the submit gate on its own: when a submission goes at
// once, when it waits, and how it is let go or held.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../i18n/messages.ts';
import { sectionPhotoIdsAtom } from '../../../lib/proctoring-seams.ts';
import type { SendOutcome } from '../../../lib/offline-queue.ts';
import { activeChecks, rulesFromServer } from '../rules.ts';
import { createSubmitGate } from './submit-gate.ts';
import { fakeClock, NONE, serverState, setup, testContext } from './testing/run-harness.ts';
import type { SetupOptions } from './testing/run-harness.ts';

beforeEach(fakeClock);
afterEach(() => vi.useRealTimers());

describe('photos at submission (spec 4.4, 4.7)', () => {
  it('fewer than 2 at submission: held until Ambil Gambar took and uploaded the missing ones', async () => {
    const t = setup({ section: 'reading' });
    await t.run.start();
    let released: boolean | null = null;
    void t.run.gate().then((ok) => { released = ok; });
    await t.settle();
    expect(t.ui().gate).toEqual({ busy: false, error: null });
    expect(released).toBeNull();
    await t.run.takeMissingPhotos();
    await t.settle();
    expect(released).toBe(true);
    expect(t.ui().gate).toBeNull();
    expect(t.store.get(sectionPhotoIdsAtom).reading).toHaveLength(2);
    // Enough now: the next submission goes at once.
    expect(await t.run.gate()).toBe(true);
  });

  it('a failed upload keeps the block with the reason; the next try succeeds', async () => {
    let online = false;
    const t = setup({ section: 'reading', online: () => online });
    await t.run.start();
    const released = t.run.gate();
    await t.settle();
    await t.run.takeMissingPhotos();
    expect(t.ui().gate?.error).toContain(messages.app.networkError);
    online = true;
    await t.run.takeMissingPhotos();
    expect(await released).toBe(true);
    expect(t.store.get(sectionPhotoIdsAtom).reading).toHaveLength(2);
  });
});

function parts(ids: string[] = [], options: SetupOptions = {}) {
  const t = testContext(options);
  const photos = { ids: vi.fn(() => ids), captureAndSend: vi.fn(async (): Promise<SendOutcome> => {
    ids.push(`p${ids.length + 1}`);
    return { ok: true, data: '' };
  }) };
  const gate = createSubmitGate(t.ctx, photos);
  return { ...t, photos, gate, ids };
}

describe('the submit gate', () => {
  it('lets the submission go with two photos, without the camera rule, or with no camera to take them', async () => {
    expect(await parts(['a', 'b']).gate.gate()).toBe(true);
    const noCamera = parts();
    noCamera.ctx.checks = activeChecks(rulesFromServer(serverState({ checks: NONE, camera_required: false })));
    expect(await noCamera.gate.gate()).toBe(true);
    const refused = parts();
    refused.ctx.patch({ problem: 'camera-denied' });
    expect(await refused.gate.gate()).toBe(true);
  });

  it('holds it once the test ended', async () => {
    const p = parts(['a', 'b']);
    p.ctx.patch({ stop: { kind: null, status: 'posting', message: null } });
    expect(await p.gate.gate()).toBe(false);
  });

  it('waits with fewer than two; Ambil Gambar takes the missing ones and lets it go', async () => {
    const p = parts(['a']);
    const released = p.gate.gate();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.ctx.ui().gate).toEqual({ busy: false, error: null });
    await p.gate.takeMissingPhotos();
    expect(await released).toBe(true);
    expect(p.photos.captureAndSend).toHaveBeenCalledTimes(1);
    expect(p.ctx.ui().gate).toBeNull();
  });

  it('a failed photo keeps it waiting with the reason; release(false) holds it', async () => {
    const p = parts();
    p.photos.captureAndSend.mockResolvedValueOnce({ ok: false, kept: true, error: new Error('x') });
    const released = p.gate.gate();
    await vi.advanceTimersByTimeAsync(0);
    await p.gate.takeMissingPhotos();
    expect(p.ctx.ui().gate).toEqual({ busy: false, error: `${messages.violation.photoFailed} (${messages.app.genericError})` });
    p.gate.release(false);
    expect(await released).toBe(false);
  });
});
