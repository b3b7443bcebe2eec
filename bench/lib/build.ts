// Builds a Vite config when its inputs changed since the last build (content hash, like
// server/cli/build-if-stale.ts does for the SPA).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(p);
  }
}

export function hashInputs(root: string, inputs: string[]): string {
  const files: string[] = [];
  for (const input of inputs) {
    const p = join(root, input);
    if (!existsSync(p)) continue;
    if (statSync(p).isDirectory()) walk(p, files);
    else files.push(p);
  }
  const h = createHash('sha256');
  for (const f of files.sort()) h.update(relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

/**
 * Runs `vite build --config <config> [...extraArgs]` unless `outDir/.build-hash` matches the inputs
 * (and the extra arguments, e.g. `--mode bench --outDir …` for a variant of the app's own build).
 */
export function buildIfStale(root: string, config: string, outDir: string, inputs: string[], log = console.log, extraArgs: string[] = []): boolean {
  const hashFile = join(outDir, '.build-hash');
  const hash = hashInputs(root, [...inputs, config, 'package-lock.json']) + (extraArgs.length ? `:${extraArgs.join(' ')}` : '');
  if (existsSync(join(outDir, 'index.html')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === hash) return false;
  log(`[bench] building ${relative(root, outDir)} (missing or stale)…`);
  const res = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', config, ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error(`vite build --config ${config} failed (exit ${res.status ?? res.signal})`);
  writeFileSync(hashFile, hash);
  return true;
}
