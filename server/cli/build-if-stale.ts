// Builds the SPA when dist/ is missing or was built from other sources. A content hash (not mtimes,
// which a fresh clone resets) of every build input is kept in dist/.build-hash.
import { createHash, type Hash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const INPUTS = ['index.html', 'vite.config.ts', 'server/cli/precompress.ts', 'package-lock.json', 'src', 'workers', 'contracts', 'public'];
const SKIP = new Set(['node_modules']);

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(p);
  }
}

/** A SHA-256 over the paths and contents of `inputs` (files or folders below `root`), not yet digested. */
export function hashFiles(root: string, inputs: readonly string[]): Hash {
  const files: string[] = [];
  for (const input of inputs) {
    const p = join(root, input);
    if (!existsSync(p)) continue;
    if (statSync(p).isDirectory()) walk(p, files);
    else files.push(p);
  }
  const h = createHash('sha256');
  for (const f of files.sort()) {
    h.update(relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  }
  return h;
}

export function buildInputsHash(root: string): string {
  // The API base is compiled into the bundle.
  return hashFiles(root, INPUTS).update(process.env.VITE_API_BASE ?? '').digest('hex');
}

export function buildIfStale(root: string, log: (line: string) => void = console.log): boolean {
  const hashFile = join(root, 'dist', '.build-hash');
  const hash = buildInputsHash(root);
  if (existsSync(join(root, 'dist', 'index.html')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === hash) {
    return false;
  }
  log('[epot] building the SPA (dist/ is missing or stale)…');
  // Always a production build, also when called from a test runner (NODE_ENV=test would give
  // React's development build and an unminified service worker).
  const res = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error(`vite build failed (exit ${res.status ?? res.signal})`);
  writeFileSync(hashFile, hash);
  return true;
}
