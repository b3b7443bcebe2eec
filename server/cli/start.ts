// `npm start`: fetch the face model if missing, build the SPA if stale, then run the one production
// process (API + static SPA).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureModels } from './models.ts';
import { buildIfStale } from './build-if-stale.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

await ensureModels({ ifMissing: true, repoRoot: root });
buildIfStale(root);
process.env.NODE_ENV ??= 'production';
await startServer(loadConfig(process.env));
