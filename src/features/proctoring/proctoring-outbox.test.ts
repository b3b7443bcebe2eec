import { describe, expect, it, vi } from 'vitest';
import type { ProctoringState, ViolationRequest } from '../../../contracts/proctoring.ts';
import { ApiError } from '../../lib/api-client.ts';
import { memoryStorage } from '../../lib/offline-queue.ts';
import { isRetryable } from './api/proctoring-api.ts';
import { createProctoringOutbox } from './proctoring-outbox.ts';

const state = (open_new_tab: number): ProctoringState => ({
  counters: { open_new_tab, face: 0, speech: 0 }, disqualified: false, limit: 3,
  checks: { open_new_tab: true, face: true, speech: true }, disqualify_at_limit: { open_new_tab: false, face: false, speech: false }, camera_required: true,
});
const request = (violation_id: string): ViolationRequest & { violation_id: string } =>
  ({ counter_type: 'open_new_tab', section: 'structure', image: '', text_voice: '', violation_id });

describe('the proctoring outbox', () => {
  it('uploads a violation photo first and sends its id as image', async () => {
    const upload = vi.fn(async () => 'media-1');
    const report = vi.fn(async () => state(1));
    const outbox = createProctoringOutbox({ upload, report, storage: memoryStorage() });
    const outcome = await outbox.send({ type: 'violation', orderId: 'o1', request: request('v1'), photo: new Blob(['jpeg']) });
    expect(outcome).toEqual({ ok: true, data: state(1) });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith('o1', expect.objectContaining({ image: 'media-1', violation_id: 'v1' }));
    expect(await outbox.pending()).toEqual([]);
  });

  it('keeps what the network lost and sends it later, without uploading the photo twice', async () => {
    const upload = vi.fn(async () => 'media-2');
    let online = false;
    const report = vi.fn(async () => {
      if (!online) throw new ApiError(0, 'Network Error');
      return state(1);
    });
    const outbox = createProctoringOutbox({ upload, report, storage: memoryStorage() });
    const first = await outbox.send({ type: 'violation', orderId: 'o1', request: request('v2'), photo: new Blob(['jpeg']) });
    expect(first).toMatchObject({ ok: false, kept: true });
    expect(await outbox.pending()).toHaveLength(1);
    online = true;
    const seen: unknown[] = [];
    outbox.subscribe((job, outcome) => seen.push([job.type, outcome.ok]));
    await outbox.flush();
    expect(seen).toEqual([['violation', true]]);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenLastCalledWith('o1', expect.objectContaining({ image: 'media-2', violation_id: 'v2' }));
    expect(await outbox.pending()).toEqual([]);
  });

  it('a photo refused for good is reported and the violation still counts without it', async () => {
    const refused = vi.fn();
    const report = vi.fn(async () => state(1));
    const outbox = createProctoringOutbox({
      upload: () => Promise.reject(new ApiError(413, 'Kuota foto habis')), report, storage: memoryStorage(), onPhotoRefused: refused, isRetryable,
    });
    const outcome = await outbox.send({ type: 'violation', orderId: 'o1', request: request('v3'), photo: new Blob(['jpeg']) });
    expect(outcome.ok).toBe(true);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith('o1', expect.objectContaining({ image: '' }));
  });

  it('periodic photos answer their media id', async () => {
    const outbox = createProctoringOutbox({ upload: async (_p, title) => `id-for-${title}`, storage: memoryStorage() });
    expect(await outbox.send({ type: 'photo', orderId: 'o1', section: 'reading', photo: new Blob(['jpeg']) }))
      .toEqual({ ok: true, data: 'id-for-proctoring reading' });
  });
});
