import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'out');

export type CameraFixture = 'one-face' | 'two-faces' | 'no-face' | 'face-leaves' | LivenessFixture;
/** The QA kit's MJPEG fixtures (make-liveness-fixtures.sh --short: the CI lengths; Chromium loops them). */
export type LivenessFixture = 'still-photo.short' | 'poster-behind.short';
/** WAVs of tests/fixtures/make-speech-fixtures.sh for the fake microphone (looped by Chromium). */
export type MicFixture = 'mic-speech' | 'mic-silence';

/**
 * Flags for Debian Chromium on a closed network (background networking off, or its connections are
 * refused many at a time), plus a fake camera fed from a recorded .y4m fixture and a fake microphone
 * fed from a .wav fixture when they are named.
 */
export function chromiumArgs(camera?: CameraFixture, microphone?: MicFixture): string[] {
  const args = [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
  ];
  if (camera) {
    const file = join(fixturesDir, camera.endsWith('.short') ? `${camera}.mjpeg` : `${camera}.y4m`);
    if (!existsSync(file)) throw new Error(`Missing fixture ${file}: run npm run fixtures`);
    args.push(`--use-file-for-fake-video-capture=${file}`);
  }
  if (microphone) {
    const file = join(fixturesDir, 'audio', `${microphone}.wav`);
    if (!existsSync(file)) throw new Error(`Missing fixture ${file}: run npm run fixtures`);
    args.push(`--use-file-for-fake-audio-capture=${file}`);
  }
  return args;
}
