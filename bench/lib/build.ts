// Builds a Vite config when its inputs changed since the last build (the content hash
// server/cli/build-if-stale.ts keeps for the SPA, over the bench's own inputs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hashFiles } from '../../server/cli/build-if-stale.ts';

/**
 * Runs `vite build --config <config> [...extraArgs]` unless `outDir/.build-hash` matches the inputs
 * (and the extra arguments, e.g. `--mode bench --outDir …` for a variant of the app's own build).
 */
export function buildIfStale(root: string, config: string, outDir: string, inputs: string[], log = console.log, extraArgs: string[] = []): boolean {
  const hashFile = join(outDir, '.build-hash');
  const hash = hashFiles(root, [...inputs, config, 'package-lock.json']).digest('hex') + (extraArgs.length ? `:${extraArgs.join(' ')}` : '');
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
