// Shared by the content-making scripts (content:audio, content:tutorial). They are authoring tools:
// they need ffmpeg and espeak-ng on the author's machine, which running EPOT does not.
import { spawnSync } from 'node:child_process';

const PACKAGE: Record<string, string> = { ffmpeg: 'ffmpeg', 'espeak-ng': 'espeak-ng' };

/** Stops the script with a clear message when a tool it needs is not on the PATH. */
export function requireTools(script: string, tools: string[]): void {
  const missing = tools.filter((t) => spawnSync(t, ['-version'], { stdio: 'ignore' }).error !== undefined);
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((t) => PACKAGE[t] ?? t))].join(' ');
  throw new Error(`${script} needs ${missing.join(' and ')}, which ${missing.length === 1 ? 'is' : 'are'} not installed ` +
    `(Debian: apt-get install ${packages}). Only remaking content needs ${missing.length === 1 ? 'it' : 'them'}: ` +
    'npm start serves the committed files without any media tool.');
}

/** Mono 16-bit PCM silence in a WAV container, at the rate of the speech it sits between. */
export function silenceWav(seconds: number, sampleRate: number): Buffer {
  const bytes = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0); header.writeUInt32LE(36 + bytes, 4); header.write('WAVE', 8);
  header.write('fmt ', 12); header.writeUInt32LE(16, 16); header.writeUInt16LE(1, 20); header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24); header.writeUInt32LE(sampleRate * 2, 28); header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34); header.write('data', 36); header.writeUInt32LE(bytes, 40);
  return Buffer.concat([header, Buffer.alloc(bytes)]);
}
