// `npm start`: fetch the face model if missing, build the SPA if stale, then run the one production
// process (API + static SPA). Needs nothing but Node and the npm packages: no media tools, no browser.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureStaticAssets } from './models.ts';
import { buildIfStale } from './build-if-stale.ts';
import { certificateOrigin, loadConfig, requirePublicUrl } from '../config.ts';
import { startServer } from '../server.ts';
import { DataDirError } from '../db/data-dir-check.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// A plain `npm start` on a laptop (NODE_ENV not given) is a local demo: it names its own address as
// PUBLIC_URL, explicitly and visibly. A deployment sets NODE_ENV=production and must set PUBLIC_URL,
// checked here before the slow model and build steps.
const localDemo = !process.env.NODE_ENV && !process.env.PUBLIC_URL;
process.env.NODE_ENV ??= 'production';
let config;
try {
  if (localDemo) {
    process.env.PUBLIC_URL = certificateOrigin(loadConfig(process.env));
    console.log(`[epot] PUBLIC_URL not set: certificates and mailed links point at ${process.env.PUBLIC_URL} (set PUBLIC_URL for a public deployment)`);
  }
  config = loadConfig(process.env);
  requirePublicUrl(config);
} catch (err) {
  console.error(`[epot] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

try {
  await ensureStaticAssets({ ifMissing: true, repoRoot: root });
} catch (err) {
  console.error(`[epot] the face model could not be installed: ${err instanceof Error ? err.message : String(err)}\n` +
    '[epot] put model.json and group1-shard1of1.bin in a folder and set EPOT_MODELS_DIR to it (README: Face model), then run npm start again.');
  process.exit(1);
}
buildIfStale(root);
try {
  await startServer(config);
} catch (err) {
  // A folder that cannot be used or is held by another process: its message says what to do; no stack.
  if (err instanceof DataDirError || err instanceof DataDirLockedError) {
    console.error(`[epot] ${err.message}`);
    process.exit(1);
  }
  throw err;
}
