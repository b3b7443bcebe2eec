// The importer reads audio durations in-process (music-metadata); the listening clock is built from
// them. Cross-checked here against ffprobe, the reference, for every file of the demo exam.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { probeDurationMs } from './exam-import.ts';

const AUDIO_DIR = fileURLToPath(new URL('../../../content/demo-exam/audio/', import.meta.url));
const files = readdirSync(AUDIO_DIR).filter((f) => f.endsWith('.webm')).sort();
const hasFfprobe = spawnSync('ffprobe', ['-version'], { stdio: 'ignore' }).status === 0;
if (!hasFfprobe) console.log('audio-duration: ffprobe not found (Debian: apt-get install ffmpeg), skipping the cross-check');

const run = promisify(execFile);
const ffprobeMs = async (path: string) => 1000 * Number((await run('ffprobe',
  ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path])).stdout.trim());

describe('audio durations', () => {
  it('reads all 41 demo exam files without any system tool', async () => {
    expect(files).toHaveLength(41);
    for (const f of files) expect(await probeDurationMs(AUDIO_DIR + f), f).toBeGreaterThan(1000);
  });

  it.skipIf(!hasFfprobe)('match ffprobe within 50 ms for every demo exam file', async () => {
    const diffs = await Promise.all(files.map(async (f) =>
      Math.abs(await probeDurationMs(AUDIO_DIR + f) - await ffprobeMs(AUDIO_DIR + f))));
    console.log(`audio-duration: largest difference from ffprobe ${Math.max(...diffs).toFixed(1)} ms over ${files.length} files`);
    for (const [i, d] of diffs.entries()) expect(d, files[i]).toBeLessThanOrEqual(50);
  });
});
