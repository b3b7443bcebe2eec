// Test and bench support (Node only): the speech fixtures of tests/fixtures/make-speech-fixtures.sh
// (made when missing, never skipped), decoded to 16 kHz float samples by sox, and a detector on
// onnxruntime-web's Node build with the model file from @ricky0123/vad-web.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';
import type { SpeechDetectorApi, SpeechDetectorEvent } from '../contract.ts';
import { createSpeechDetector } from '../speech-detector.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const audioFixturesDir = join(root, 'tests', 'fixtures', 'out', 'audio');
export const sileroModelPath = join(root, 'node_modules', '@ricky0123', 'vad-web', 'dist', 'silero_vad_legacy.onnx');

export interface SpeechFixture {
  name: string;
  file: string;
  /** Words spoken, 0 for silence and noise. */
  words: number;
  lang: 'id' | 'en' | null;
}

export function ensureAudioFixtures(): SpeechFixture[] {
  if (!existsSync(join(audioFixturesDir, 'fan.wav'))) {
    const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-speech-fixtures.sh')], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`make-speech-fixtures.sh failed (exit ${res.status})`);
  }
  return readdirSync(audioFixturesDir)
    .filter((f) => f.endsWith('.wav') && !f.startsWith('mic-'))
    .sort()
    .map((f) => {
      const m = /^(id|en)-(\d+)w-/.exec(f);
      return { name: f.replace(/\.wav$/, ''), file: join(audioFixturesDir, f), words: m ? Number(m[2]) : 0, lang: m ? (m[1] as 'id' | 'en') : null };
    });
}

/** The file as 16 kHz mono float samples (sox decodes). */
export function readSamples(file: string): Float32Array {
  const raw = execFileSync('sox', [file, '-t', 'f32', '-r', '16000', '-c', '1', '-'], { maxBuffer: 1 << 28 });
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4).slice();
}

export function nodeSpeechDetector(events: SpeechDetectorEvent[] = []): SpeechDetectorApi {
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  return createSpeechDetector({
    emit: (event) => events.push(event),
    ort: ort as never,
    fetchModel: async () => {
      const bytes = await readFile(sileroModelPath);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    },
  });
}
