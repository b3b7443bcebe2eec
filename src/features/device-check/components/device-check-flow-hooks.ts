// The device check's flow hooks: the microphone (level meter and speech recognition), the start of
// the test after the last layer, and the focus that follows the layers.
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorText } from '../../../lib/session-api.ts';
import { paths } from '../../../lib/paths.ts';
import { useFaceDetectionAtom, useSpeechDetectionAtom } from '../../../lib/session.ts';
import { startMicLevel, type MicLevelMeter } from '../../../sensors/mic-level.ts';
import { resetSpeechDetection, startSpeechDetection, stopSpeechDetection } from '../../../sensors/speech-detection.ts';
import { saveSettings, signalStart } from '../api/device-check-api.ts';
import type { DeviceCheckEvent, DeviceCheckState, Layer } from '../device-check-machine.ts';
import type { Requirements } from '../requirements.ts';

/** The microphone: level meter and speech recognition live from the microphone button until the page is left. */
export function useMicrophone(dispatch: (e: DeviceCheckEvent) => void): () => Promise<void> {
  const mic = useRef<{ stream: MediaStream | null; meter: MicLevelMeter | null }>({ stream: null, meter: null });
  useEffect(() => () => {
    stopSpeechDetection();
    mic.current.meter?.stop();
    mic.current.stream?.getTracks().forEach((tr) => tr.stop());
    mic.current = { stream: null, meter: null };
  }, []);

  async function startMicrophone() {
    resetSpeechDetection();
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      mic.current.stream = stream;
      // The meter is a help, not the check: it may fail (no AudioWorklet) without failing the step.
      mic.current.meter = await startMicLevel(stream).catch(() => null);
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')) {
        dispatch({ type: 'mic-failed', reason: 'denied' });
        return;
      }
    }
    if (startSpeechDetection({ stream: mic.current.stream ?? undefined })) dispatch({ type: 'mic-listening' });
    else dispatch({ type: 'mic-failed', reason: 'unsupported' });
  }
  return startMicrophone;
}

interface StartTest {
  state: DeviceCheckState;
  req: Requirements;
  licence: string;
  orderId: string;
  toast: (text: string) => void;
  dispatch: (e: DeviceCheckEvent) => void;
}

/** 'Mulai Test': save which detections run, signal the start, open listening (spec 4.1). Returns the start's error. */
export function useStartTest({ state, req, licence, orderId, toast, dispatch }: StartTest): string | null {
  const navigate = useNavigate();
  const setUseFace = useSetAtom(useFaceDetectionAtom);
  const setUseSpeech = useSetAtom(useSpeechDetectionAtom);
  const [startError, setStartError] = useState<string | null>(null);
  const starting = useRef(false);
  useEffect(() => {
    if (state.layer !== 'start' || starting.current) return;
    starting.current = true;
    const settings = {
      // On when required and the device could do it at all (a camera that never connected cannot be watched).
      use_face_detection: req.face && state.camera.status === 'detecting',
      use_speech_detection: req.voice && state.mic.status !== 'unsupported' && state.mic.status !== 'denied',
    };
    setStartError(null);
    (async () => {
      setUseFace(settings.use_face_detection);
      setUseSpeech(settings.use_speech_detection);
      await saveSettings(licence, settings);
      await signalStart(orderId);
      void navigate(paths.section(orderId, 'listening'));
    })().catch((err: unknown) => {
      starting.current = false;
      const text = apiErrorText(err);
      setStartError(text);
      toast(text);
      dispatch({ type: 'start-failed' });
    });
  }, [state.layer, state.camera.status, state.mic.status, req, licence, orderId, navigate, setUseFace, setUseSpeech, toast]);
  return startError;
}

/** Keyboard and screen-reader users follow the layers: focus goes to each new layer's heading. */
export function useLayerFocus(layer: Layer) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstLayer = useRef(true);
  useEffect(() => {
    if (firstLayer.current) { firstLayer.current = false; return; }
    heading.current?.focus();
  }, [layer]);
  return heading;
}
