// The section's camera on its own: the stream into the video and the detector, and what a refused
// camera, a detector that cannot start, or a run ended meanwhile become.
import { describe, expect, it, vi } from 'vitest';
import { createCamera } from './camera.ts';
import { fakeStream, testContext } from './testing/run-harness.ts';

const monitoringFake = () => ({ problem: vi.fn(), recovered: vi.fn(), episode: vi.fn(), detectorRate: vi.fn(), left: vi.fn() });

describe('section camera', () => {
  it('shows the stream in the video and starts the detector at the section rate', async () => {
    const t = testContext();
    const camera = createCamera(t.ctx, monitoringFake());
    expect(camera.usable()).toBe(false);
    await camera.start();
    expect(t.ctx.video.srcObject).not.toBeNull();
    expect(t.deps.startFace).toHaveBeenCalledWith(expect.objectContaining({ video: t.ctx.video, settings: { ratePerSecond: 4 } }));
    expect(camera.usable()).toBe(true);
    camera.stopStream();
    expect(camera.usable()).toBe(false);
  });

  it('a refused camera and a detector that fails are monitoring problems', async () => {
    const monitoring = monitoringFake();
    const refused = testContext({ openCamera: () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    await createCamera(refused.ctx, monitoring).start();
    const failing = testContext();
    failing.deps.startFace.mockRejectedValueOnce(new Error('no backend'));
    await createCamera(failing.ctx, monitoring).start();
    expect(monitoring.problem.mock.calls).toEqual([['camera-denied', 'NotAllowedError'], ['detector-unavailable', 'no backend']]);
  });

  it('a camera that opens after the run ended is closed at once', async () => {
    const { stream, track } = fakeStream();
    let open!: (s: MediaStream) => void;
    const t = testContext({ openCamera: () => new Promise<MediaStream>((resolve) => (open = resolve)) });
    const starting = createCamera(t.ctx, monitoringFake()).start();
    t.ctx.disposed = true;
    open(stream);
    await starting;
    expect(track.stop).toHaveBeenCalled();
    expect(t.deps.startFace).not.toHaveBeenCalled();
  });
});
