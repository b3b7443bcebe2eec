// Camera 2 (spec screen 13, accounts 5 and 8): the live 500x250 video, the face detector at the
// camera-check rate, the 10-second countdown, the status icons and the spec's messages, and the
// permission guide when the browser refused the camera. Everything it started stops when it unmounts
// (the candidate moved on or left the page).
import { useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { CAMERA_CHECK_RATE, DEFAULT_FACE_SETTINGS } from '../../../../workers/face-detector/contract.ts';
import { messages } from '../../../i18n/messages.ts';
import { examAssetsSettled } from '../../../lib/exam-assets.ts';
import { Button } from '../../../ui/button.tsx';
import { configureFaceDetection, startFaceDetection, stopFaceDetection } from '../../../workers/face-detector.ts';
import { faceStateAtom } from '../../../workers/face-detector-atoms.ts';
import type { CameraCheck, CameraFailure, DeviceCheckEvent, DeviceCheckState } from '../device-check-machine.ts';
import { StatusIcon, type IconKind } from './status-icon.tsx';

const t = messages.deviceCheck;
const c = messages.camera;

/** getUserMedia's DOMException names -> what the candidate can do about it. */
export function cameraFailureOf(error: unknown): CameraFailure {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'not-found';
  return 'error';
}

/** The icon and message for the camera's state (spec 8's camera messages). */
export function cameraMessage(camera: CameraCheck): { icon: IconKind; text: string } {
  switch (camera.status) {
    case 'idle':
    case 'connecting':
      return { icon: 'loading', text: t.connecting };
    case 'denied':
    case 'not-found':
    case 'error':
      return { icon: 'failed', text: c.failed };
    case 'detecting':
      switch (camera.face) {
        case 'ok':
        case 'still': return { icon: 'success', text: c.ok };
        case 'no-face': return { icon: 'failed', text: c.noFace };
        case 'multi-face': return { icon: 'failed', text: c.multiFace };
        case 'unavailable': return { icon: 'failed', text: c.unstable };
        case 'camera-ended': return { icon: 'failed', text: c.failed };
        default: return { icon: 'loading', text: t.detecting };
      }
  }
}

interface Props {
  state: DeviceCheckState;
  dispatch: (e: DeviceCheckEvent) => void;
}

export function CameraVideoLayer({ state, dispatch }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const { camera } = state;
  useCameraCheck(video, dispatch);

  // The 10-second countdown runs while the detector watches.
  const counting = camera.status === 'detecting' && !camera.done;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => dispatch({ type: 'camera-tick' }), 1_000);
    return () => clearInterval(timer);
  }, [counting, dispatch]);

  const { icon, text } = cameraMessage(camera);
  const failed = camera.status === 'denied' || camera.status === 'not-found' || camera.status === 'error';
  return (
    <>
      <div className="dc-video-frame" hidden={failed}>
        <video ref={video} className="dc-video" width={500} height={250} muted playsInline autoPlay aria-label={t.cameraVideo}
          data-testid="camera-video" />
        {camera.status === 'detecting' && (
          <p className="dc-countdown" data-testid="camera-countdown">
            {camera.done ? t.countdownDone : t.countdown(camera.countdown)}
          </p>
        )}
      </div>
      <div className={`dc-message dc-message-${icon}`} role="status" data-testid="camera-status">
        <StatusIcon kind={icon} />
        <span>{text}</span>
      </div>
      {state.req.face && camera.violations > 0 && <p className="field-help">{t.faceViolations(camera.violations)}</p>}
      {failed && (
        <div className="dc-guide" data-testid="permission-guide">
          <p><strong>{c.connectFailed}</strong></p>
          {camera.status === 'denied' && (
            <>
              <p>{c.checkPermission}</p>
              <h3>{t.permissionGuideTitle}</h3>
              <ol>{t.permissionGuide.map((step) => <li key={step}>{step}</li>)}</ol>
            </>
          )}
          <Button variant="secondary" onPress={() => window.location.reload()}>{t.reload}</Button>
        </div>
      )}
    </>
  );
}

/** Camera + detector at the camera-check rate: started once per mount, stopped on unmount. */
function useCameraCheck(video: RefObject<HTMLVideoElement | null>, dispatch: (e: DeviceCheckEvent) => void): void {
  const store = useStore();
  useEffect(() => {
    const abort = new AbortController();
    let stream: MediaStream | null = null;
    let detecting = false;
    const unsubscribe = store.sub(faceStateAtom, () => dispatch({ type: 'face-state', state: store.get(faceStateAtom).state }));
    dispatch({ type: 'camera-connecting' });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
      } catch (error) {
        if (!abort.signal.aborted) dispatch({ type: 'camera-failed', reason: cameraFailureOf(error) });
        return;
      }
      if (abort.signal.aborted) return stream.getTracks().forEach((tr) => tr.stop());
      const el = video.current;
      if (el) {
        el.srcObject = stream;
        await el.play().catch(() => {}); // muted video: autoplay is allowed; the frames flow either way
      }
      // The model and WASM come from the prefetch's cache: loading beside it would download them twice.
      await examAssetsSettled();
      if (abort.signal.aborted) return;
      try {
        detecting = true;
        await startFaceDetection({ stream, video: el ?? undefined, settings: { ratePerSecond: CAMERA_CHECK_RATE }, signal: abort.signal });
        if (!abort.signal.aborted) dispatch({ type: 'camera-connected' });
      } catch {
        if (abort.signal.aborted) return;
        // No detector (model or backend failed): the camera works, the face cannot be checked.
        dispatch({ type: 'camera-connected' });
        dispatch({ type: 'face-state', state: 'unavailable' });
      }
    })();
    return () => {
      abort.abort();
      unsubscribe();
      if (detecting) {
        stopFaceDetection();
        // The sections detect at the proctoring rate; the worker keeps its settings between starts.
        configureFaceDetection({ ratePerSecond: DEFAULT_FACE_SETTINGS.ratePerSecond }).catch(() => {});
      }
      stream?.getTracks().forEach((tr) => tr.stop());
      if (video.current) video.current.srcObject = null;
    };
  }, [store, dispatch]);
}
