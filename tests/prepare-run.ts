// What the e2e runner and the unit tests would otherwise each make on first use, made once by
// `npm test` before its lanes start (tests/run-all.ts), so that two steps never write the same
// files at once: the webcam and speech fixtures (face-detector test, e2e) and the production SPA
// build (bundle-budget test, e2e). Each of those still makes what is missing when run alone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../server/cli/build-if-stale.ts';
import { ensureStaticAssets } from '../server/cli/models.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'tests', 'fixtures', 'out');

function sh(script: string, hint = ''): void {
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', script)], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${script} failed${hint}`);
}

if (['one-face', 'two-faces', 'no-face', 'face-leaves'].some((f) => !existsSync(join(out, `${f}.y4m`)))) sh('make-fixtures.sh');
// The CI slice of the liveness fixtures (tests/unit/proctoring-accuracy.test.ts).
const liveness = ['still-photo', 'reader', 'poster-behind'].filter((f) => !existsSync(join(out, `${f}.short.mjpeg`)));
if (liveness.length) {
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-liveness-fixtures.sh'), '--short', ...liveness], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('make-liveness-fixtures.sh failed');
}
if (!existsSync(join(out, 'audio', 'mic-speech.wav'))) sh('make-speech-fixtures.sh', ' (needs espeak-ng and sox)');
// The face model and tfjs's WASM go into the build (public/): without them first, the server's own
// start would add them and build a second time.
await ensureStaticAssets({ ifMissing: true, repoRoot: root });
if (!buildIfStale(root)) console.log('[prepare] dist/ is up to date');
