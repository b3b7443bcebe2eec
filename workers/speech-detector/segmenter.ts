// Speech probabilities per frame -> speech segments, with the thresholds of `SpeechDetectorSettings`:
// a frame at or over `positiveThreshold` is speech, one under `negativeThreshold` is silence (between
// the two the state holds); `redemptionMs` of silence ends a segment, and one with less than
// `minSpeechMs` of speech is a misfire (a cough, a door). These are vad-web's FrameProcessor rules,
// which the detector used before issue 26, with two differences:
// - no audio is kept: the FrameProcessor held every frame of an open segment for its `SpeechEnd`
//   audio, which nobody here reads, so a segment that never ended (a steady noise taken for speech)
//   grew the worker by 3.8 MB a minute;
// - `minRunFrames`: speech counts only in runs of that many frames in a row. WebRTC's VAD marks 3-4
//   frames for any short click or beep (Chromium's fake microphone beeps 20 ms every 500 ms: one
//   endless "segment"), while a spoken word is a run of 5 and more (150 ms, the shortest fixture
//   word 'ya' is 14). Shorter runs are silence.

export interface SegmenterOptions {
  positiveThreshold: number;
  negativeThreshold: number;
  redemptionFrames: number;
  minSpeechFrames: number;
  minRunFrames: number;
}

export type SegmenterEvent =
  | { type: 'start'; frame: number }
  | { type: 'misfire'; frame: number }
  /** `end` is the frame the segment ended on (its redemption's last); `speechFrames` those that were speech. */
  | { type: 'end'; start: number; end: number; speechFrames: number };

export interface Segmenter {
  /** Takes frame `frame`'s probability; answers what it completed (at most one event). */
  push(probability: number, frame: number): SegmenterEvent | null;
  /** Ends the open segment now (a segment or a misfire), and forgets the state. */
  flush(frame: number): SegmenterEvent | null;
  reset(): void;
  setOptions(options: SegmenterOptions): void;
}

export function createSegmenter(initial: SegmenterOptions): Segmenter {
  let o = initial;
  let speaking = false;
  let start = 0;
  let speechFrames = 0;
  let redemption = 0;
  /** Speech frames in a row so far (the run not yet confirmed while under `minRunFrames`). */
  let run = 0;

  const reset = () => {
    speaking = false;
    start = 0;
    speechFrames = 0;
    redemption = 0;
    run = 0;
  };

  const close = (frame: number): SegmenterEvent => {
    const event: SegmenterEvent = speechFrames >= o.minSpeechFrames ? { type: 'end', start, end: frame, speechFrames } : { type: 'misfire', frame };
    reset();
    return event;
  };

  return {
    push(p, frame) {
      if (p >= o.positiveThreshold) run++;
      else run = 0;
      const confirmed = run >= Math.max(1, o.minRunFrames);
      if (confirmed) {
        redemption = 0;
        // The run's first frames were held back until it was long enough: they count now.
        const counted = run === Math.max(1, o.minRunFrames) ? run : 1;
        if (!speaking) {
          speaking = true;
          start = frame - counted + 1;
          speechFrames = counted;
          return { type: 'start', frame: start };
        }
        speechFrames += counted;
        return null;
      }
      if (speaking && p < o.negativeThreshold || speaking && run > 0) {
        if (++redemption >= o.redemptionFrames) return close(frame);
      }
      return null;
    },
    flush(frame) {
      if (!speaking) {
        reset();
        return null;
      }
      return close(frame);
    },
    reset,
    setOptions(next) {
      o = next;
    },
  };
}
