import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'out');

export type CameraFixture = 'one-face' | 'two-faces' | 'no-face' | 'face-leaves';

/**
 * Flags for Debian Chromium on a closed network (background networking off, or its connections are
 * refused many at a time), plus a fake camera fed from a recorded .y4m fixture when one is named.
 */
export function chromiumArgs(camera?: CameraFixture): string[] {
  const args = [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
  ];
  if (camera) {
    const file = join(fixturesDir, `${camera}.y4m`);
    if (!existsSync(file)) throw new Error(`Missing fixture ${file}: run npm run fixtures`);
    args.push(`--use-file-for-fake-video-capture=${file}`);
  }
  return args;
}
