import { useEffect, useRef } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { Button } from '../../../ui/button.tsx';
import type { DeviceCheckEvent, DeviceCheckState } from '../device-check-machine.ts';

const t = messages.deviceCheck;
/** Shipped with the app (public/audio), so the check never depends on external storage. */
export const SAMPLE_SOUND_URL = '/audio/sample.webm';

interface Props {
  state: DeviceCheckState;
  dispatch: (e: DeviceCheckEvent) => void;
  onFailed: (text: string) => void;
}

/** Audio 2: play the sample sound through the headset. */
export function AudioSampleLayer({ state, dispatch, onFailed }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const el = audio.current;
    return () => el?.pause();
  }, []);

  function play() {
    const el = audio.current;
    if (!el) return;
    el.currentTime = 0;
    el.play().then(() => dispatch({ type: 'audio-playing' })).catch(() => {
      dispatch({ type: 'audio-failed' });
      onFailed(t.sampleFailed);
    });
  }

  const status = state.audio.status;
  return (
    <>
      <p>{t.audioPlayHint}</p>
      <audio ref={audio} src={SAMPLE_SOUND_URL} preload="auto" onEnded={() => dispatch({ type: 'audio-played' })} />
      <p><Button variant="secondary" onPress={play}>{t.playSample}</Button></p>
      <p role="status" className="dc-message">
        {status === 'playing' ? t.samplePlaying : status === 'played' ? t.samplePlayed : status === 'failed' ? t.sampleFailed : ''}
      </p>
    </>
  );
}
