// What the browser benchmarks need on disk and git ignores: the face model and tfjs's WASM binaries
// in public/ (without the latter the detector falls back from WASM, quietly), and the fake camera's
// fixtures. The speech detector's WASM is a build asset.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureModels, ensureWasm } from '../../server/cli/models.ts';
import { fixturesDir, type CameraFixture } from '../../tests/e2e/support/chromium.ts';

export async function ensureBrowserInputs(root: string, fixtures: CameraFixture[], log: (s: string) => void): Promise<void> {
  await ensureModels({ ifMissing: true, repoRoot: root, log });
  await ensureWasm({ repoRoot: root, log });
  const missing = fixtures.filter((f) => !existsSync(join(fixturesDir, `${f}.y4m`)));
  if (!missing.length) return;
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-fixtures.sh'), ...missing], { stdio: 'inherit', cwd: root });
  if (res.status !== 0) throw new Error(`making the fixtures ${missing.join(', ')} failed`);
}
