// What the browser benchmarks need on disk and git ignores: the face model, tfjs's WASM binaries and
// the speech model in public/ (without the last two the detector falls back from WASM and the speech
// worker fails, quietly), and the fake camera's fixtures.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureModels, ensureSpeechModel, ensureWasm } from '../../server/cli/models.ts';
import { fixturesDir, type CameraFixture } from '../../tests/e2e/support/chromium.ts';

export async function ensureBrowserInputs(root: string, fixtures: CameraFixture[], log: (s: string) => void): Promise<void> {
  await ensureModels({ ifMissing: true, repoRoot: root, log });
  await ensureWasm({ repoRoot: root, log });
  await ensureSpeechModel({ repoRoot: root, log });
  const missing = fixtures.filter((f) => !existsSync(join(fixturesDir, `${f}.y4m`)));
  if (!missing.length) return;
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-fixtures.sh'), ...missing], { stdio: 'inherit', cwd: root });
  if (res.status !== 0) throw new Error(`making the fixtures ${missing.join(', ')} failed`);
}
