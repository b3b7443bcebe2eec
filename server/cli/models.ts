// Fills the generated, git-ignored asset folders the browser needs:
//   public/models/blazeface/{model.json,group1-shard1of1.bin}  (checksummed)
//   public/tfjs-wasm/*.wasm  (from @tensorflow/tfjs-backend-wasm; the face worker calls setWasmPaths('/tfjs-wasm/'))
// Model source, first match wins: $EPOT_MODELS_DIR (holding blazeface/ or the files directly),
// <repo>/../shared/models, else TF Hub over the network.
//   npm run models                          always (re)installs
//   tsx server/cli/models.ts --if-missing   no-op when every file is present and correct
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MODEL_URL = 'https://tfhub.dev/tensorflow/tfjs-model/blazeface/1/default/1/model.json?tfjs-format=file';
export const MODEL_SHA256: Readonly<Record<string, string>> = {
  'model.json': '7b6bb6f35e5a7899232de51dda8bf514ef9664ca7ec58388c9fecc088c883b58',
  'group1-shard1of1.bin': '60b481ab6c19352673cdb21e02e639f90883db1393ac52d07c7ea4e1e11cb2cd',
};
const MODEL_FILES = Object.keys(MODEL_SHA256);

export const DEFAULT_REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface EnsureOptions {
  ifMissing?: boolean;
  env?: Record<string, string | undefined>;
  repoRoot?: string;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export interface EnsureResult {
  /** 'present' when --if-missing found everything in place, else the folder or URL copied from. */
  source: string;
  files: string[];
}

export class ChecksumError extends Error {
  constructor(readonly file: string, readonly expected: string, readonly actual: string, from: string) {
    super(`checksum mismatch for ${file} (from ${from}): expected sha256 ${expected}, got ${actual}`);
    this.name = 'ChecksumError';
  }
}

export const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

async function sumOf(file: string): Promise<string | null> {
  try {
    return sha256(await readFile(file));
  } catch {
    return null;
  }
}

/** Writes via a temp file in the same folder; the target only ever holds verified bytes. */
async function writeVerified(dest: string, data: Uint8Array, expected: string, from: string): Promise<void> {
  const actual = sha256(data);
  if (actual !== expected) throw new ChecksumError(path.basename(dest), expected, actual, from);
  const tmp = `${dest}.tmp-${process.pid}`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, dest);
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Shard names listed by a model.json (weightsManifest[].paths). */
export function shardPaths(modelJson: Uint8Array): string[] {
  const parsed = JSON.parse(Buffer.from(modelJson).toString('utf8')) as { weightsManifest?: { paths: string[] }[] };
  return (parsed.weightsManifest ?? []).flatMap((group) => group.paths);
}

/** Shard URL: relative to the model.json URL, keeping its query (TF Hub needs ?tfjs-format=file). */
export function shardUrl(modelUrl: string, shard: string): string {
  const base = new URL(modelUrl);
  const url = new URL(shard, base);
  url.search = base.search;
  return url.href;
}

/** A local folder holding the model: <dir>/blazeface/ or <dir> itself. Null when it holds neither. */
export function findLocalModelDir(dir: string): string | null {
  for (const candidate of [path.join(dir, 'blazeface'), dir]) {
    if (existsSync(path.join(candidate, 'model.json'))) return candidate;
  }
  return null;
}

export function pickModelSource(env: Record<string, string | undefined>, repoRoot: string): string {
  const fromEnv = env.EPOT_MODELS_DIR?.trim();
  if (fromEnv) {
    const dir = findLocalModelDir(path.resolve(repoRoot, fromEnv));
    if (!dir) throw new Error(`EPOT_MODELS_DIR=${fromEnv}: no model.json in it or in its blazeface/ folder`);
    return dir;
  }
  return findLocalModelDir(path.resolve(repoRoot, '..', 'shared', 'models')) ?? MODEL_URL;
}

export async function ensureModels(opts: EnsureOptions = {}): Promise<EnsureResult> {
  const { ifMissing = false, env = process.env, repoRoot = DEFAULT_REPO_ROOT, log = console.log } = opts;
  const fetchFn = opts.fetch ?? fetch;
  const outDir = path.join(repoRoot, 'public', 'models', 'blazeface');
  const targets = MODEL_FILES.map((f) => path.join(outDir, f));

  if (ifMissing) {
    const sums = await Promise.all(targets.map(sumOf));
    if (sums.every((sum, i) => sum === MODEL_SHA256[MODEL_FILES[i]!])) {
      log(`models: ${path.relative(repoRoot, outDir)} already complete (checksums ok), nothing to do`);
      return { source: 'present', files: targets };
    }
  }

  const source = pickModelSource(env, repoRoot);
  const remote = /^https?:/.test(source);
  const load = async (name: string): Promise<Uint8Array> => {
    if (!remote) return readFile(path.join(source, name));
    const url = name === 'model.json' ? source : shardUrl(source, name);
    const res = await fetchFn(url, { signal: AbortSignal.timeout(120_000) }).catch((err: unknown) => {
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw new Error(`download failed: ${url}: ${cause} (no network? EPOT_MODELS_DIR takes a local copy)`);
    });
    if (!res.ok) throw new Error(`download failed: ${url}: HTTP ${res.status} ${res.statusText}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const install = async (name: string, data: Uint8Array): Promise<string> => {
    const expected = MODEL_SHA256[name];
    if (!expected) throw new Error(`model.json lists ${name}, which has no known checksum`);
    const dest = path.join(outDir, name);
    await writeVerified(dest, data, expected, remote ? source : path.join(source, name));
    return dest;
  };

  log(`models: installing BlazeFace from ${source}`);
  await mkdir(outDir, { recursive: true });
  const modelJson = await load('model.json');
  const files = [await install('model.json', modelJson)];
  for (const shard of shardPaths(modelJson)) files.push(await install(shard, await load(shard)));
  for (const f of files) log(`  ${path.relative(repoRoot, f)}  sha256 ok`);
  return { source, files };
}

/** Copies the files `pick` selects from a package folder into a public/ folder, skipping identical files. */
async function copyAssets(
  repoRoot: string,
  from: string[],
  to: string[],
  log: (line: string) => void,
  label: string,
  pick: (name: string) => boolean,
): Promise<EnsureResult> {
  const srcDir = path.join(repoRoot, 'node_modules', ...from);
  const outDir = path.join(repoRoot, 'public', ...to);
  const names = existsSync(srcDir) ? (await readdir(srcDir)).filter(pick).sort() : [];
  if (names.length === 0) throw new Error(`no ${label} files in ${srcDir}: run npm install`);
  await mkdir(outDir, { recursive: true });
  const files: string[] = [];
  let copied = 0;
  for (const name of names) {
    const src = path.join(srcDir, name);
    const dest = path.join(outDir, name);
    files.push(dest);
    const [a, b] = await Promise.all([sumOf(src), sumOf(dest)]);
    if (a === b) continue;
    const tmp = `${dest}.tmp-${process.pid}`;
    await copyFile(src, tmp);
    await rename(tmp, dest);
    copied++;
  }
  log(`${label}: ${copied ? `copied ${copied} of ${names.length}` : `all ${names.length} up to date`} ` +
    `-> ${path.relative(repoRoot, outDir)}/ (${names.join(', ')})`);
  return { source: srcDir, files };
}

/** Copies @tensorflow/tfjs-backend-wasm's *.wasm into public/tfjs-wasm/ (skips files already identical). */
export async function ensureWasm(opts: Pick<EnsureOptions, 'repoRoot' | 'log'> = {}): Promise<EnsureResult> {
  const { repoRoot = DEFAULT_REPO_ROOT, log = console.log } = opts;
  return copyAssets(repoRoot, ['@tensorflow', 'tfjs-backend-wasm', 'dist'], ['tfjs-wasm'], log, 'wasm', (f) => f.endsWith('.wasm'));
}

/**
 * Everything the build takes from here: the face model and the tfjs WASM binaries. `npm start` and
 * `npm run dev` call this before building: with the model alone, a fresh clone's build had no
 * /tfjs-wasm/ and the device check told the candidate the face detection files could not be loaded.
 */
export async function ensureStaticAssets(opts: EnsureOptions = {}): Promise<void> {
  await ensureModels(opts);
  await ensureWasm(opts);
}

async function main(argv: string[]): Promise<void> {
  const unknown = argv.filter((a) => a !== '--if-missing');
  if (unknown.length) throw new Error(`unknown argument(s): ${unknown.join(' ')} (usage: models.ts [--if-missing])`);
  await ensureStaticAssets({ ifMissing: argv.includes('--if-missing') });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(`models: FAILED: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
