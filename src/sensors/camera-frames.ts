// The page-side frame pump: gets camera frames to the face-detector worker without per-frame work
// on the main thread where the browser allows it.
// - MediaStreamTrackProcessor (Chromium): exists on the page, not in workers, so we create it here
//   and transfer its `readable` to the worker once; the worker pulls frames at its own rate and
//   closes the rest. The page does nothing per frame.
// - Otherwise: a requestVideoFrameCallback (or timer) loop at the detection rate makes a downscaled
//   ImageBitmap with createImageBitmap(video, { resizeWidth }) and transfers it; one at a time (the
//   next is grabbed once the worker answered the last), so bitmaps never pile up in its queue.
// Either way it stops on abort, and when the camera track ends it says so (`onEnded`): monitoring
// never stops silently.

export interface FrameSink {
  /** Hand the worker the processor's readable (transferred, once). */
  watchReadable(readable: ReadableStream<VideoFrame>): Promise<unknown>;
  /** One downscaled frame (transferred); the worker drops it when busy. */
  pushFrame(frame: ImageBitmap): Promise<unknown>;
}

export interface CameraFramesOptions {
  /** Frames per second to send in bitmap mode; 0 = every new video frame. */
  ratePerSecond: number;
  /** Width of the bitmaps (height keeps the aspect ratio). Default 320. */
  resizeWidth?: number;
  /** The <video> already showing the stream; otherwise a detached one is made. */
  video?: HTMLVideoElement;
  /** 'auto' (default) uses MediaStreamTrackProcessor when the page has it. */
  mode?: 'auto' | 'processor' | 'bitmap';
  signal?: AbortSignal;
  /** The camera track ended (unplugged, permission revoked, stopped by the browser). */
  onEnded?: () => void;
  /** A frame could not be grabbed or sent. */
  onError?: (error: unknown) => void;
}

export interface CameraFrames {
  readonly mode: 'processor' | 'bitmap';
  readonly stopped: boolean;
  stop(): void;
  /** The worker changed its rate (adaptive cost): bitmaps follow it; the processor path needs nothing. */
  setRate(ratePerSecond: number): void;
}

interface TrackProcessorCtor {
  new (init: { track: MediaStreamTrack; maxBufferSize?: number }): { readable: ReadableStream<VideoFrame> };
}

function trackProcessor(): TrackProcessorCtor | undefined {
  return (globalThis as { MediaStreamTrackProcessor?: TrackProcessorCtor }).MediaStreamTrackProcessor;
}

export function hasTrackProcessor(): boolean {
  return typeof trackProcessor() === 'function';
}

const HAVE_CURRENT_DATA = 2;

export function startCameraFrames(stream: MediaStream, sink: FrameSink, options: CameraFramesOptions): CameraFrames {
  const { signal, onEnded, onError = () => {} } = options;
  const track = stream.getVideoTracks()[0];
  const useProcessor = options.mode === 'processor' || (options.mode !== 'bitmap' && hasTrackProcessor());
  let stopped = false;
  let cleanup: () => void = () => {};
  let setRate: (ratePerSecond: number) => void = () => {};

  const stop = () => {
    if (stopped) return;
    stopped = true;
    track?.removeEventListener('ended', onTrackEnded);
    signal?.removeEventListener('abort', stop);
    cleanup();
  };
  function onTrackEnded() {
    stop();
    onEnded?.();
  }

  const frames: CameraFrames = {
    mode: useProcessor ? 'processor' : 'bitmap',
    get stopped() {
      return stopped;
    },
    stop,
    setRate: (ratePerSecond) => setRate(ratePerSecond),
  };

  if (!track || track.readyState === 'ended') {
    stopped = true;
    queueMicrotask(() => onEnded?.());
    return frames;
  }
  if (signal?.aborted) {
    stopped = true;
    return frames;
  }
  track.addEventListener('ended', onTrackEnded);
  signal?.addEventListener('abort', stop);

  if (useProcessor) {
    const Processor = trackProcessor();
    if (!Processor) throw new Error('MediaStreamTrackProcessor is not available');
    // A buffer of one: a frame the worker has not read yet is replaced by a newer one.
    const processor = new Processor({ track, maxBufferSize: 1 });
    sink.watchReadable(processor.readable).catch(onError);
    // Once transferred the stream belongs to the worker, which cancels it when told to stop.
    return frames;
  }
  ({ cleanup, setRate } = pumpBitmaps(stream, sink, { ...options, onError }, () => stopped));
  return frames;
}

/** The fallback: downscaled bitmaps at the detection rate until `isStopped`. */
function pumpBitmaps(
  stream: MediaStream,
  sink: FrameSink,
  { ratePerSecond, resizeWidth = 320, video: given, onError }: CameraFramesOptions & { onError: (error: unknown) => void },
  isStopped: () => boolean,
): { cleanup: () => void; setRate: (ratePerSecond: number) => void } {
  const video = given ?? document.createElement('video');
  if (!given) {
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    video.play().catch(onError);
  }
  let interval = ratePerSecond > 0 ? 1000 / ratePerSecond : 0;
  let nextDue = -Infinity;
  // From the grab until the worker answered (detected or dropped): at most one bitmap in flight.
  let grabbing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frameCallback: number | undefined;
  // rVFC fires per presented frame, but only for a video that is rendered; else a timer.
  const useFrameCallback = 'requestVideoFrameCallback' in video && video.isConnected;

  const schedule = () => {
    if (isStopped()) return;
    if (useFrameCallback) frameCallback = video.requestVideoFrameCallback(tick);
    else timer = setTimeout(tick, interval > 0 ? Math.min(interval, 100) : 33);
  };
  function tick() {
    if (isStopped()) return;
    const now = performance.now();
    if (!grabbing && now >= nextDue && video.readyState >= HAVE_CURRENT_DATA && video.videoWidth > 0) {
      nextDue = nextDue === -Infinity ? now + interval : Math.max(nextDue + interval, now + interval / 2);
      grabbing = true;
      createImageBitmap(video, { resizeWidth, resizeHeight: Math.round((resizeWidth * video.videoHeight) / video.videoWidth) })
        .then(async (bitmap) => {
          if (isStopped()) return bitmap.close();
          try {
            await sink.pushFrame(bitmap);
          } catch (error) {
            bitmap.close(); // not sent (a detached bitmap ignores this)
            onError(error);
          }
        })
        .catch(onError)
        .finally(() => (grabbing = false));
    }
    schedule();
  }
  schedule();
  return {
    cleanup() {
      clearTimeout(timer);
      if (frameCallback !== undefined) video.cancelVideoFrameCallback(frameCallback);
      if (!given) video.srcObject = null;
    },
    setRate(rate) {
      const next = rate > 0 ? 1000 / rate : 0;
      if (next === interval) return;
      // Re-anchor the slots on the new interval from the last grab.
      if (nextDue !== -Infinity) nextDue += next - interval;
      interval = next;
    },
  };
}
