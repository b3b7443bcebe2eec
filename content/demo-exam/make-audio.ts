// `npm run content:audio [-- --force]`: speaks the demo exam's listening audio with espeak-ng and
// encodes it with ffmpeg as Opus in WebM (16 kbit/s mono), into content/demo-exam/audio/, plus
// the device check's sample sound (public/audio/sample.webm).
//
// What is spoken comes from exam.json: each listening part's direction and close text (narrator),
// and each group's transcript, one line per utterance:
//   M: …          the man (en-us+m3)
//   W: …          the woman (en-us+f3)
//   Narrator: …   the narrator (en-gb+m4)
//   (pause 10 s)  silence: the time to answer, since the screen moves on when the audio ends
// Idempotent: manifest.json remembers a hash of what each file says and how; a file whose hash is
// unchanged is skipped (--force remakes all).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ExamImport } from '../../contracts/exam-import.ts';
import { requireTools, silenceWav } from '../authoring.ts';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const MANIFEST = join(here, 'audio', 'manifest.json');
const SAMPLE_RATE = 22_050; // espeak-ng's output rate; the silences match it so ffmpeg can concatenate
const SPEED = 145; // words per minute: a little slower than espeak's default, for learners
const VOICES: Record<string, string> = { M: 'en-us+m3', W: 'en-us+f3', Narrator: 'en-gb+m4' };
const ENCODE = ['-c:a', 'libopus', '-b:a', '16k', '-ac', '1'];

type Segment = { voice: string; text: string } | { silence: number };
interface Clip { out: string; segments: Segment[] }

/** A transcript (or a plain narrator text) as speech with short gaps between the lines. */
export function segmentsOf(script: string): Segment[] {
  const segments: Segment[] = [{ silence: 0.4 }];
  for (const line of script.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const pause = /^\(pause (\d+(?:\.\d+)?) s\)$/.exec(line);
    if (pause) { segments.push({ silence: Number(pause[1]) }); continue; }
    const spoken = /^(M|W|Narrator): (.+)$/.exec(line);
    if (!spoken) throw new Error(`cannot speak transcript line: ${line}`);
    segments.push({ voice: VOICES[spoken[1]!]!, text: spoken[2]! }, { silence: 0.6 });
  }
  return segments;
}

function clipsOf(exam: ExamImport): Clip[] {
  const clips: Clip[] = [];
  const add = (rel: string | undefined, script: string | undefined) => {
    if (!rel || !script) return;
    clips.push({ out: join(here, rel), segments: segmentsOf(script) });
  };
  for (const part of exam.sections.listening.parts) {
    add(part.direction.audio, `Narrator: ${part.direction.text}`);
    add(part.close?.audio, part.close && `Narrator: ${part.close.text}`);
    for (const g of part.groups) add(g.audio, g.transcript);
  }
  // The device check's "can you hear this?" sound: Indonesian around an English sentence.
  clips.push({
    out: join(root, 'public', 'audio', 'sample.webm'),
    segments: [
      { silence: 0.3 },
      { voice: 'id', text: 'Halo! Ini suara percobaan untuk tes EPOT.' }, { silence: 0.5 },
      { voice: VOICES.W!, text: 'Hello! If you can hear this clearly, your headset is ready for the test.' }, { silence: 0.5 },
      { voice: 'id', text: 'Selamat mengerjakan, dan semoga sukses!' }, { silence: 0.3 },
    ],
  });
  return clips;
}

async function makeClip(clip: Clip): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'epot-audio-'));
  try {
    const files: string[] = [];
    for (const [i, s] of clip.segments.entries()) {
      const file = join(tmp, `${String(i).padStart(3, '0')}.wav`);
      if ('silence' in s) writeFileSync(file, silenceWav(s.silence, SAMPLE_RATE));
      else await run('espeak-ng', ['-v', s.voice, '-s', String(SPEED), '-w', file, s.text]);
      files.push(file);
    }
    writeFileSync(join(tmp, 'list.txt'), files.map((f) => `file '${f}'`).join('\n'));
    const out = join(tmp, 'out.webm');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', join(tmp, 'list.txt'), ...ENCODE, out]);
    mkdirSync(dirname(clip.out), { recursive: true });
    renameSync(out, clip.out);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const hashOf = (clip: Clip) => createHash('sha256')
  .update(JSON.stringify({ segments: clip.segments, SPEED, ENCODE })).digest('hex').slice(0, 16);

async function main() {
  requireTools('content:audio', ['ffmpeg', 'espeak-ng']);
  const force = process.argv.includes('--force');
  const exam = JSON.parse(readFileSync(join(here, 'exam.json'), 'utf8')) as ExamImport;
  const manifest: Record<string, string> = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, string> : {};
  const clips = clipsOf(exam);
  const todo = clips.filter((c) => force || !existsSync(c.out) || manifest[relative(root, c.out)] !== hashOf(c));
  let done = 0;
  const worker = async () => {
    for (let clip = todo.shift(); clip; clip = todo.shift()) {
      await makeClip(clip);
      manifest[relative(root, clip.out)] = hashOf(clip);
      done++;
    }
  };
  await Promise.all([worker(), worker()]); // two at a time: the machines have two cores
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  mkdirSync(dirname(MANIFEST), { recursive: true });
  writeFileSync(MANIFEST, JSON.stringify(sorted, null, 2) + '\n');
  const examBytes = clips.filter((c) => c.out.startsWith(here)).reduce((n, c) => n + statSync(c.out).size, 0);
  console.log(`made ${done}, kept ${clips.length - done}; exam audio ${(examBytes / 1_048_576).toFixed(2)} MiB; `
    + `sample ${(statSync(clips.at(-1)!.out).size / 1024).toFixed(1)} KiB`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
