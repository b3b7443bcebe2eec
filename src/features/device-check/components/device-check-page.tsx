// The device check (spec accounts screens 13-14, section 4; test sections 2.1, 4.1): a left
// checklist and the seven layers — audio 1-2, camera 1-2, microphone 1-2, start. The rules live in
// ../device-check-machine.ts; this file wires them to the browser (camera, microphone, speech,
// timers), the server (device reports, settings, start signal) and the router.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Snackbar, type SnackbarMessage } from '../../../ui/snackbar.tsx';
import { abortExamAssetPrefetch, prefetchExamAssets } from '../../../lib/exam-assets.ts';
import { loadFaceDetector } from '../../../workers/face-detector.ts';
import { reportDevice } from '../api/device-check-api.ts';
import { checklist } from '../checklist-model.ts';
import {
  canContinue, DEVICE_OF, deviceCheckReducer, initialDeviceCheck, type CheckMode, type DeviceCheckEvent, type DeviceCheckState, type Layer,
} from '../device-check-machine.ts';
import type { Requirements } from '../requirements.ts';
import { useOrderContext } from '../use-order-context.ts';
import { AudioSampleLayer } from './audio-layer.tsx';
import { CameraVideoLayer } from './camera-layer.tsx';
import { Checklist } from './checklist.tsx';
import { useLayerFocus, useMicrophone, useStartTest } from './device-check-flow-hooks.ts';
import { DeviceDialog } from './device-dialog.tsx';
import { ExamAssetsProgress } from './exam-assets-progress.tsx';
import { MicrophoneListenLayer } from './microphone-layer.tsx';
import { StatusIcon } from './status-icon.tsx';
import '../device-check.css';

const t = messages.deviceCheck;
/** Spec 9: snackbars last 3 seconds in the device check. */
export const DEVICE_CHECK_SNACKBAR_MS = 3_000;
const TITLE: Record<CheckMode, string> = { full: t.title, headset: t.headsetTitle, webcam: t.webcamTitle };

export const DeviceCheckPage = () => <DeviceCheck mode="full" />;
export const HeadsetCheckPage = () => <DeviceCheck mode="headset" />;
export const WebcamCheckPage = () => <DeviceCheck mode="webcam" />;

function DeviceCheck({ mode }: { mode: CheckMode }) {
  useDocumentTitle(TITLE[mode]);
  const id = useParams().id ?? '';
  const ctx = useOrderContext(id);
  if (ctx.status !== 'ready') {
    return (
      <section className="card card-wide" aria-labelledby="dc-title">
        <h1 id="dc-title">{TITLE[mode]}</h1>
        {ctx.status === 'loading'
          ? <p role="status">{t.loading}</p>
          : (
            <>
              <Alert tone="error">{ctx.message}</Alert>
              <Link href={paths.epot}>{t.backToList}</Link>
            </>
          )}
      </section>
    );
  }
  return <DeviceCheckFlow key={`${mode}:${id}`} mode={mode} orderId={id} licence={ctx.licence} req={ctx.req} />;
}

interface FlowProps { mode: CheckMode; orderId: string; licence: string; req: Requirements }

function DeviceCheckFlow({ mode, orderId, licence, req }: FlowProps) {
  const [state, dispatch] = useReducer(deviceCheckReducer, undefined, () => initialDeviceCheck(mode, req));
  const navigate = useNavigate();
  const [snack, setSnack] = useState<SnackbarMessage | null>(null);
  const snackId = useRef(0);
  const toast = useCallback((text: string, tone: SnackbarMessage['tone'] = 'error') => {
    setSnack({ id: ++snackId.current, text, tone });
  }, []);

  // Fetch the face model and WASM into the service worker's cache while the candidate is on the audio
  // step (progress below), then load the detector from there, so the camera countdown measures
  // detection, not the download, and the files are cached for the sections (issue 16). A failure
  // shows up in the camera step; the test can start regardless. Leaving the page stops the download.
  useEffect(() => {
    const face = req.camera && mode !== 'headset';
    void prefetchExamAssets({ face }).then((progress) => {
      if (face && progress.status !== 'aborted') loadFaceDetector().catch(() => {});
    });
    return abortExamAssetPrefetch;
  }, [req.camera, mode]);

  const startMicrophone = useMicrophone(dispatch);

  // Headset check done: the separate flow goes on to the webcam check (spec screen 14).
  useEffect(() => {
    if (state.finished) void navigate(paths.webcamCheck(orderId));
  }, [state.finished, navigate, orderId]);

  const startError = useStartTest({ state, req, licence, orderId, toast, dispatch });

  const heading = useLayerFocus(state.layer);

  const continueAnyway = async () => {
    if (!state.dialog) return;
    await reportDevice(orderId, state.dialog.device, state.dialog.problem);
    dispatch({ type: 'continue-anyway' });
  };

  const device = DEVICE_OF[state.layer];
  const layerIndex = state.layers.indexOf(state.layer);
  return (
    <div className="device-check">
      <Checklist steps={checklist(state)} />
      <section className="card dc-main" aria-labelledby="dc-layer-title" data-testid="device-check" data-layer={state.layer}>
        <p className="dc-page-title">{TITLE[mode]}</p>
        <h1 id="dc-layer-title" ref={heading} tabIndex={-1}>{t.steps[device]}</h1>
        <p className="field-help">{t.layerOf(layerIndex + 1, state.layers.length)}</p>
        <LayerBody layer={state.layer} state={state} dispatch={dispatch} onToast={toast} onMicrophone={() => void startMicrophone()} />
        <ExamAssetsProgress />
        {startError && state.layer !== 'start' && <Alert tone="error">{startError}</Alert>}
        <div className="page-actions">
          {state.layer === 'mic-2' || state.layer === 'start'
            ? (
              <Button onPress={() => dispatch({ type: 'next' })} isDisabled={!canContinue(state)}>
                {state.layer === 'start' ? t.starting : messages.speech.startTest}
              </Button>
            )
            : state.layer !== 'mic-1' && (
              <Button onPress={() => dispatch({ type: 'next' })} isDisabled={!canContinue(state)}>{t.next}</Button>
            )}
        </div>
      </section>
      <DeviceDialog dialog={state.dialog} onPostpone={() => void navigate(paths.epot)} onContinue={continueAnyway} />
      <Snackbar message={snack} onDismiss={() => setSnack(null)} timeoutMs={DEVICE_CHECK_SNACKBAR_MS} />
    </div>
  );
}

interface LayerProps {
  layer: Layer;
  state: DeviceCheckState;
  dispatch: (e: DeviceCheckEvent) => void;
  onToast: (text: string) => void;
  onMicrophone: () => void;
}

function LayerBody({ layer, state, dispatch, onToast, onMicrophone }: LayerProps) {
  switch (layer) {
    case 'audio-1':
      return <p>{t.audioHint}</p>;
    case 'audio-2':
      return <AudioSampleLayer state={state} dispatch={dispatch} onFailed={onToast} />;
    case 'camera-1':
      return (
        <>
          <p>{t.cameraHint}</p>
          {!state.req.camera && (
            <div className="dc-message dc-message-success" role="status">
              <StatusIcon kind="success" />
              <span><strong>{messages.camera.notRequired}</strong> {t.cameraOptional}</span>
            </div>
          )}
        </>
      );
    case 'camera-2':
      return <CameraVideoLayer state={state} dispatch={dispatch} />;
    case 'mic-1':
      return (
        <>
          <p>{t.micHint}</p>
          <blockquote className="dc-sentence" lang="id">{t.micSentence}</blockquote>
          <Button onPress={onMicrophone}>
            <MicIcon /> {t.micButton}
          </Button>
        </>
      );
    case 'mic-2':
    case 'start':
      return <MicrophoneListenLayer state={state} dispatch={dispatch} />;
  }
}

function MicIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="dc-mic-icon">
      <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
      <path d="M6 11a6 6 0 0 0 12 0M12 17v4M9 21h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
