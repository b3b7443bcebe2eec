// Microphone 2 (spec screen 13): the sentence to say, the level meter (so the candidate sees the
// microphone works before recognition returns text), the recognised sentences, the 10-second
// countdown and 'Mulai Test'.
import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { micLevelAtom } from '../../../sensors/mic-level-atoms.ts';
import { speechAtom } from '../../../sensors/speech-atoms.ts';
import type { DeviceCheckEvent, DeviceCheckState } from '../device-check-machine.ts';
import { StatusIcon } from './status-icon.tsx';

const t = messages.deviceCheck;

/** RMS 0..1 -> 0..100 on a log scale from -60 dB, which is how loud speech looks on a meter. */
export function levelPercent(db: number): number {
  return Math.round(Math.min(100, Math.max(0, ((db + 60) / 60) * 100)));
}

export function MicLevelMeter() {
  const level = useAtomValue(micLevelAtom);
  const percent = level.active ? levelPercent(level.db) : 0;
  if (level.error && !level.active) return <p className="field-help">{t.micLevelUnavailable}</p>;
  return (
    <div className="dc-meter" role="meter" aria-label={t.micLevel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
      aria-valuetext={t.micLevelText(percent)} data-testid="mic-level">
      <div className="dc-meter-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

interface Props {
  state: DeviceCheckState;
  dispatch: (e: DeviceCheckEvent) => void;
}

export function MicrophoneListenLayer({ state, dispatch }: Props) {
  const store = useStore();
  const speech = useAtomValue(speechAtom);
  const { mic } = state;

  // Any recognised text counts as speech (spec: "when a spoken sound is detected").
  useEffect(() => {
    const check = () => {
      const s = store.get(speechAtom);
      if (s.sentences.length > 0 || s.interim.trim()) dispatch({ type: 'speech-heard' });
      else if (s.status === 'denied') dispatch({ type: 'mic-failed', reason: 'denied' });
      else if (s.status === 'unavailable') dispatch({ type: 'mic-failed', reason: 'unsupported' });
    };
    check();
    return store.sub(speechAtom, check);
  }, [store, dispatch]);

  // The countdown runs once the detector listens (the voice detector first loads its model).
  const counting = mic.status === 'listening' && !mic.done && speech.mode !== null;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => dispatch({ type: 'mic-tick' }), 1_000);
    return () => clearInterval(timer);
  }, [counting, dispatch]);

  return (
    <>
      <p>{t.micHint}</p>
      <blockquote className="dc-sentence" lang="id">{t.micSentence}</blockquote>
      <MicLevelMeter />
      {mic.status === 'listening' && (
        <p className="dc-countdown" data-testid="mic-countdown">{mic.done ? t.countdownDone : t.micCountdown(mic.countdown)}</p>
      )}
      {mic.status === 'unsupported' && <p className="dc-message dc-message-failed" role="alert">{messages.speech.unsupported}</p>}
      {mic.status === 'denied' && <p className="dc-message dc-message-failed" role="alert">{messages.camera.checkPermission}</p>}
      {!state.req.voice && <p className="field-help">{t.voiceOptional}</p>}
      <h3 id="dc-heard-title">{t.heardTitle}</h3>
      {speech.sentences.length > 0 || speech.interim
        ? (
          <ul aria-labelledby="dc-heard-title" className="dc-heard" data-testid="heard-sentences">
            {speech.sentences.map((s) => <li key={`${s.at}-${s.text}`}>{s.text}</li>)}
            {speech.interim && <li className="dc-interim">{speech.interim}</li>}
          </ul>
        )
        : <p className="field-help">{t.heardNone}</p>}
      {mic.heard && (
        <p className="dc-message dc-message-success" role="status"><StatusIcon kind="success" /><span>{t.heardOk}</span></p>
      )}
      {mic.done && !mic.heard && state.req.voice && (
        <p className="dc-message dc-message-failed" role="status"><StatusIcon kind="failed" /><span>{t.noSpeech}</span></p>
      )}
    </>
  );
}
