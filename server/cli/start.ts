// `npm start`: fetch the face model if missing, build the SPA if stale, then run the one production
// process (API + static SPA). Needs nothing but Node and the npm packages: no media tools, no browser.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureModels } from './models.ts';
import { buildIfStale } from './build-if-stale.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { DataDirError } from '../db/data-dir-check.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

try {
  await ensureModels({ ifMissing: true, repoRoot: root });
} catch (err) {
  console.error(`[epot] the face model could not be installed: ${err instanceof Error ? err.message : String(err)}\n` +
    '[epot] put model.json and group1-shard1of1.bin in a folder and set EPOT_MODELS_DIR to it (README: Face model), then run npm start again.');
  process.exit(1);
}
buildIfStale(root);
process.env.NODE_ENV ??= 'production';
try {
  await startServer(loadConfig(process.env));
} catch (err) {
  // A folder that cannot be used or is held by another process: its message says what to do; no stack.
  if (err instanceof DataDirError || err instanceof DataDirLockedError) {
    console.error(`[epot] ${err.message}`);
    process.exit(1);
  }
  throw err;
}
