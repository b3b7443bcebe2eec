// Steps of a candidate's path that several specs share: the scripted speech recogniser (headless
// Chromium cannot recognise speech; the hook is documented in src/sensors/speech-recognition.ts),
// the device check's audio and camera steps, faster listening audio, and the photo gate.
import { expect, type Page } from '@playwright/test';

/** The device check's sentence (the spec's text). */
export const SENTENCE = 'Saya siap mengikuti tes EPOT dengan jujur';

/**
 * Replaces SpeechRecognition with a script: when `says`, the candidate speaks `sentence` a second
 * after the microphone is on (an interim, then the final result); otherwise silence. `onlyOnPath`:
 * speaks only on pages whose path ends so (the device check), silent in the sections after it, where
 * the sentence would be a speech violation.
 */
export async function scriptSpeech(page: Page, sentence: string, says: boolean, onlyOnPath?: string): Promise<void> {
  await page.addInitScript(({ sentence, says, onlyOnPath }) => {
    class ScriptedRecognition {
      // Stands for Chrome with the id-ID pack installed: on-device recognition (src/sensors/speech-detection.ts).
      static available() { return Promise.resolve('available'); }
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      onresult: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        if (!says || (onlyOnPath && !location.pathname.endsWith(onlyOnPath))) return;
        // The candidate speaks a second after the microphone is on: an interim, then the final result.
        const result = (transcript: string, isFinal: boolean) => Object.assign([{ transcript, confidence: 0.9 }], { isFinal });
        setTimeout(() => this.onresult?.({ resultIndex: 0, results: [result('Saya siap', false)] }), 800);
        setTimeout(() => this.onresult?.({ resultIndex: 0, results: [result(sentence, true)] }), 1_500);
      }
      stop() { this.onend?.(); }
      abort() { /* the app detached its handlers */ }
    }
    Object.defineProperty(window, 'SpeechRecognition', { value: ScriptedRecognition, configurable: true });
  }, { sentence, says, onlyOnPath });
}

export const next = (page: Page) => page.getByRole('button', { name: 'Lanjutkan', exact: true });
export const step = (page: Page, device: 'audio' | 'camera' | 'microphone') => page.getByTestId(`checklist-${device}`);

/** Audio 1 (headset hint) and 2 (the sample sound), then camera 1 (the hint) to the live video. */
export async function throughAudioToVideo(page: Page): Promise<void> {
  await expect(step(page, 'audio')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Hubungkan headset atau earphone')).toBeVisible();
  await next(page).click();
  await expect(next(page)).toBeDisabled(); // the sample has not played yet
  await page.getByRole('button', { name: 'Putar Suara Contoh' }).click();
  await expect(page.getByText(/Suara contoh sudah diputar|Suara contoh sedang diputar/)).toBeVisible();
  await next(page).click();
  await expect(step(page, 'audio')).toContainText('berhasil');
  await expect(step(page, 'camera')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(/cukup terang.*sekitar 15 detik/)).toBeVisible();
  await next(page).click();
  await expect(page.getByTestId('camera-status')).toBeVisible();
}

/**
 * Listening audio plays `rate` times faster, from the test alone: an init script wraps
 * HTMLMediaElement.play to set `playbackRate` from `window.__e2eAudioRate`.
 */
export async function withAudioRate(page: Page, rate: number): Promise<void> {
  await page.addInitScript((r) => {
    const w = window as unknown as { __e2eAudioRate: number };
    w.__e2eAudioRate = r;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      this.playbackRate = w.__e2eAudioRate;
      return play.call(this);
    };
  }, rate);
}

/**
 * Listening moves on when an item's audio ends (its answering pause is part of the audio), so a
 * test racing fast audio on a busy machine can lose a question. With this, the page itself slows the
 * audio to `slow` the moment a new question appears (no round trip to the test); the test answers,
 * then speeds it up again with setAudioRate to move on.
 */
export async function slowAudioOnEachQuestion(page: Page, slow = 0.25): Promise<void> {
  await page.addInitScript((rate) => {
    const w = window as unknown as { __e2eAudioRate: number; __e2eSlowOnQuestion?: boolean };
    let last: string | null = null;
    const check = () => {
      const shown = [...document.querySelectorAll('[data-testid="question"]')].map((q) => q.getAttribute('data-number')).join(',');
      if (shown && shown !== last && w.__e2eSlowOnQuestion !== false) {
        w.__e2eAudioRate = rate;
        document.querySelectorAll('audio').forEach((a) => { a.playbackRate = rate; });
      }
      last = shown;
    };
    document.addEventListener('DOMContentLoaded', () => new MutationObserver(check).observe(document.body, { childList: true, subtree: true }));
  }, slow);
}

/** Ends slowAudioOnEachQuestion for this page (e.g. to let the rest of a section play through). */
export const stopSlowingAudio = (page: Page) => page.evaluate(() => {
  (window as unknown as { __e2eSlowOnQuestion?: boolean }).__e2eSlowOnQuestion = false;
});

export const setAudioRate = (page: Page, rate: number) => page.evaluate((r) => {
  (window as unknown as { __e2eAudioRate: number }).__e2eAudioRate = r;
  document.querySelectorAll('audio').forEach((a) => { a.playbackRate = r; });
}, rate);

/**
 * From now on each listening item's audio jumps to its last moment as soon as it plays, and `ended`
 * moves the section on: for a test that has checked what it came for and only waits for the section
 * to end. At the highest rate Chromium allows (16) the rest of the ~23 minutes still took 70-90 s of
 * real time, with the camera, face detection and speech detection busy throughout (issue 26).
 */
export const skipRestOfListening = (page: Page) => page.evaluate(() => {
  const skip = (audio: HTMLMediaElement) => {
    if (Number.isFinite(audio.duration) && audio.currentTime < audio.duration - 0.05) audio.currentTime = audio.duration - 0.05;
  };
  // Media events do not bubble: caught in the capture phase, for every <audio> the player makes.
  document.addEventListener('playing', (e) => { if (e.target instanceof HTMLAudioElement) skip(e.target); }, true);
  document.querySelectorAll('audio').forEach((a) => { if (!a.paused) skip(a); });
});

/**
 * Proctoring (its own issue and spec) wraps the section screens: an individual must have 2 photos
 * before a submission goes, so 'Ambil Gambar' takes them from the fake camera whenever it asks.
 */
export async function takePhotosWhenAsked(page: Page): Promise<void> {
  const gate = page.getByRole('alertdialog', { name: 'Foto belum lengkap' });
  await page.addLocatorHandler(gate, async () => {
    await gate.getByRole('button', { name: 'Ambil Gambar' }).click();
    await expect(gate).toHaveCount(0, { timeout: 20_000 });
  });
}

/** Chromium may refuse audio without a click after a direct page load: the screen then asks for one. */
export async function clickPlayIfAsked(page: Page): Promise<void> {
  const play = page.getByRole('button', { name: 'Putar audio' });
  const moving = page.locator('[data-testid="listening-item"]');
  await expect(play.or(moving)).toBeVisible({ timeout: 30_000 });
  if (await play.isVisible()) await play.click();
}
