// The browser's side of a proctoring run: the real camera, the face-detector and photo-encoder
// workers (through their bridges), speech recognition, the API and one outbox for the page.
import { reportClientError } from '../../../lib/error-reporting.ts';
import { getFaceDetectorStats, startFaceDetection, stopFaceDetection } from '../../../workers/face-detector.ts';
import { capturePhoto } from '../../../workers/photo-encoder.ts';
import { getProctoringState, isRetryable, postDisqualified, postProctoringEvent } from '../api/proctoring-api.ts';
import { photoBaseMs } from '../photo-scheduler.ts';
import { benchOff } from './bench-off.ts';
import { createProctoringOutbox } from '../proctoring-outbox.ts';
import type { ProctoringOutbox } from '../proctoring-outbox.ts';
import type { ProctoringRunDeps } from './run-context.ts';
import { resetSpeechDetection, setCloudSpeechAllowed, startSpeechDetection, stopSpeechDetection } from '../../../sensors/speech-detection.ts';
import { watchTabLeaving } from '../../../sensors/tab-watch.ts';
import { appStore } from '../../../lib/store.ts';
import { examClockAtom } from '../../../workers/exam-clock-atoms.ts';
import { syncExamClock } from '../../../workers/exam-clock.ts';

let outbox: ProctoringOutbox | null = null;

/** One outbox per page: its IndexedDB queue is shared by every section screen. */
function pageOutbox(): ProctoringOutbox {
  return (outbox ??= createProctoringOutbox({
    onPhotoRefused: (job, error) => reportClientError({
      kind: 'error',
      message: `proctoring photo refused (${job.type}): ${error instanceof Error ? error.message : String(error)}`,
    }),
  }));
}

let mediaEventsQuieted = false;

/**
 * A playing camera <video> fires `timeupdate` about four times a second, and React's root listens
 * to media events in the capture phase, so each one ran React's event dispatch on the main thread
 * (issue 16, a low-end laptop). Nothing reads the proctoring video's `timeupdate`: a window
 * listener ends it before it reaches the root.
 */
function quietProctoringVideoTimeUpdates(): void {
  if (mediaEventsQuieted) return;
  mediaEventsQuieted = true;
  window.addEventListener('timeupdate', (e) => {
    if (e.target instanceof HTMLVideoElement && e.target.classList.contains('proctoring-video')) e.stopImmediatePropagation();
  }, { capture: true });
}

/** Only a moved deadline is adopted, not the clock's own small drift or a listening pause. */
const DEADLINE_SYNC_MS = 5_000;

export function browserDeps(): ProctoringRunDeps {
  const off = benchOff(location.search);
  const never = () => new Promise<never>(() => {});
  return {
    getState: getProctoringState,
    postEvent: postProctoringEvent,
    postDisqualified,
    isRetryable,
    outbox: pageOutbox(),
    // Test day: a proctor gave extra time (the server's time left is longer than the clock's): adopt it.
    onServerDeadline: (deadlineMs, serverRemainingMs) => {
      const local = appStore.get(examClockAtom).remainingSeconds;
      if (local !== null && serverRemainingMs - local * 1000 > DEADLINE_SYNC_MS) void syncExamClock({ deadlineMs });
    },
    openCamera: () => (off.has('camera') ? never() : navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })),
    startFace: (options) => (off.has('face') ? never() : startFaceDetection(off.has('track-processor') ? { ...options, frameMode: 'bitmap' } : options)),
    stopFace: stopFaceDetection,
    faceStats: () => getFaceDetectorStats(),
    startSpeech: () => {
      // A fresh transcript per section: what was said before is not this section's speech.
      resetSpeechDetection();
      return off.has('speech') ? true : startSpeechDetection();
    },
    stopSpeech: stopSpeechDetection,
    allowCloudSpeech: setCloudSpeechAllowed,
    capture: (video) => (off.has('photo') ? never() : capturePhoto(video)),
    createVideo: () => {
      quietProctoringVideoTimeUpdates();
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.autoplay = true;
      video.className = 'proctoring-video';
      video.setAttribute('aria-hidden', 'true');
      if (off.has('video')) video.style.display = 'none';
      return video;
    },
    watchTab: watchTabLeaving,
    photoBaseMs: photoBaseMs(location.search),
  };
}
