// `npm run content:tutorial`: makes the preparation page's tutorial video from the slides below.
// Each slide is drawn by ffmpeg (drawtext, DejaVu fonts from Debian's fonts-dejavu-core), each
// sentence is spoken by espeak-ng's Indonesian voice, and the result is muxed as VP9 + Opus in
// WebM: public/tutorial/tutorial.webm, with Indonesian captions (public/tutorial/tutorial.id.vtt)
// whose cues are the spoken sentences at their real times. Needs ffmpeg and espeak-ng.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseFile } from 'music-metadata';
import { requireTools, silenceWav } from '../authoring.ts';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT_DIR = join(root, 'public', 'tutorial');
const SAMPLE_RATE = 22_050; // espeak-ng's rate: silences match it so ffmpeg can concatenate
const SPEED = 150;
const GAP = 0.5; // seconds between sentences
const SLIDE_TAIL = 0.8; // extra silence at the end of each slide
const SIZE = { w: 854, h: 480 };
const MAX_BYTES = 2 * 1024 * 1024;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

interface Slide { title: string; points: string[]; narration: string[] }

// Kept in line with the rules on the preparation page (messages.preparation.rules).
export const slides: Slide[] = [
  {
    title: 'Tutorial Tes EPOT',
    points: ['English Proficiency Online Test', 'Tonton sampai selesai sebelum memulai tes.'],
    narration: [
      'Selamat datang di tes EPOT.',
      'Video singkat ini menjelaskan cara mengikuti tes dengan benar.',
    ],
  },
  {
    title: 'Siapkan perangkat',
    points: ['Laptop atau komputer PC, browser Google Chrome', 'Headset, kamera dan mikrofon yang berfungsi', 'Jaringan internet stabil, RAM minimal 4 GB'],
    narration: [
      'Gunakan laptop atau komputer dengan browser Google Chrome.',
      'Siapkan headset, kamera, dan mikrofon, serta jaringan internet yang stabil.',
    ],
  },
  {
    title: 'Ruangan dan posisi',
    points: ['Ruangan tenang dengan cahaya cukup', 'Wajah terlihat penuh di kamera', 'Tidak ada orang lain di ruangan'],
    narration: [
      'Kerjakan tes di ruangan yang tenang dan terang.',
      'Pastikan wajah Anda terlihat penuh di kamera, dan tidak ada orang lain di ruangan.',
    ],
  },
  {
    title: 'Selama tes',
    points: ['Jangan membuka tab atau program lain', 'Jangan berbicara selama tes', 'Kamera mengambil foto Anda secara berkala'],
    narration: [
      'Selama tes, jangan membuka tab atau program lain, dan jangan berbicara.',
      'Kamera akan mengambil foto Anda beberapa kali di setiap bagian tes.',
    ],
  },
  {
    title: 'Pelanggaran',
    points: ['Meninggalkan halaman tes', 'Wajah tidak terlihat atau lebih dari satu wajah', 'Percakapan terdeteksi'],
    narration: [
      'Setiap pelanggaran akan dicatat.',
      'Peserta lembaga dapat dihentikan tesnya setelah tiga kali pelanggaran.',
    ],
  },
  {
    title: 'Siap memulai',
    points: ['115 menit dalam tiga bagian', 'Klik Lanjutkan, centang persetujuan,', 'lalu klik Mulai test EPOT. Semoga sukses!'],
    narration: [
      'Tes berlangsung seratus lima belas menit dalam tiga bagian.',
      'Klik Lanjutkan, centang persetujuan, lalu klik Mulai tes EPOT. Semoga sukses!',
    ],
  },
];

async function durationOf(file: string): Promise<number> {
  const seconds = (await parseFile(file, { duration: true })).format.duration;
  if (!seconds) throw new Error(`no duration in ${file}`);
  return seconds;
}

/** 00:00:01.250 */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** drawtext reads its text from files, so nothing needs escaping; returns the filter chain. */
function slideFilter(slide: Slide, index: number, tmp: string): string {
  const file = (name: string, text: string) => { const p = join(tmp, `s${index}-${name}.txt`); writeFileSync(p, text); return p; };
  const parts = [
    `drawtext=fontfile=${FONT_BOLD}:textfile=${file('title', slide.title)}:fontcolor=white:fontsize=40:x=(w-text_w)/2:y=70`,
    `drawbox=x=${SIZE.w / 2 - 60}:y=130:w=120:h=4:color=0xf59e0b:t=fill`,
    ...slide.points.map((p, i) =>
      `drawtext=fontfile=${FONT}:textfile=${file(`p${i}`, p)}:fontcolor=white:fontsize=26:x=(w-text_w)/2:y=${190 + i * 56}`),
    `drawtext=fontfile=${FONT}:text=EPOT ${index + 1}/${slides.length}:fontcolor=0xbfdbfe:fontsize=18:x=w-text_w-24:y=h-40`,
  ];
  return parts.join(',');
}

async function main() {
  requireTools('content:tutorial', ['ffmpeg', 'espeak-ng']);
  const tmp = mkdtempSync(join(tmpdir(), 'epot-tutorial-'));
  try {
    const audio: string[] = [];
    const cues: string[] = [];
    const images: { file: string; seconds: number }[] = [];
    let t = 0;
    for (const [i, slide] of slides.entries()) {
      const start = t;
      for (const [j, sentence] of slide.narration.entries()) {
        const wav = join(tmp, `a${i}-${j}.wav`);
        await run('espeak-ng', ['-v', 'id', '-s', String(SPEED), '-w', wav, sentence]);
        const seconds = await durationOf(wav);
        const gap = join(tmp, `g${i}-${j}.wav`);
        writeFileSync(gap, silenceWav(GAP, SAMPLE_RATE));
        audio.push(wav, gap);
        cues.push(`${vttTime(t)} --> ${vttTime(t + seconds)}\n${sentence}`);
        t += seconds + GAP;
      }
      const tail = join(tmp, `t${i}.wav`);
      writeFileSync(tail, silenceWav(SLIDE_TAIL, SAMPLE_RATE));
      audio.push(tail);
      t += SLIDE_TAIL;
      const png = join(tmp, `slide${i}.png`);
      await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x1e3a8a:s=${SIZE.w}x${SIZE.h}`,
        '-vf', slideFilter(slide, i, tmp), '-frames:v', '1', png]);
      images.push({ file: png, seconds: t - start });
    }
    writeFileSync(join(tmp, 'audio.txt'), audio.map((f) => `file '${f}'`).join('\n'));
    // The concat demuxer needs the last image twice for its duration to count.
    writeFileSync(join(tmp, 'video.txt'), [...images.map((s) => `file '${s.file}'\nduration ${s.seconds.toFixed(3)}`),
      `file '${images.at(-1)!.file}'`].join('\n'));
    const out = join(tmp, 'tutorial.webm');
    await run('ffmpeg', ['-v', 'error', '-y',
      '-f', 'concat', '-safe', '0', '-i', join(tmp, 'video.txt'),
      '-f', 'concat', '-safe', '0', '-i', join(tmp, 'audio.txt'),
      '-map', '0:v', '-map', '1:a', '-r', '5', '-pix_fmt', 'yuv420p',
      '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '4',
      '-c:a', 'libopus', '-b:a', '24k', '-ac', '1', '-shortest', out]);
    const bytes = statSync(out).size;
    if (bytes > MAX_BYTES) throw new Error(`tutorial.webm is ${bytes} bytes, over the 2 MB budget`);
    mkdirSync(OUT_DIR, { recursive: true });
    renameSync(out, join(OUT_DIR, 'tutorial.webm'));
    writeFileSync(join(OUT_DIR, 'tutorial.id.vtt'), `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${c}`).join('\n\n')}\n`);
    console.log(`tutorial.webm: ${(bytes / 1024).toFixed(0)} KiB, ${t.toFixed(1)} s, ${cues.length} captions`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
