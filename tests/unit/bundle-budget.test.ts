// Front-end budget: the JavaScript the login route needs (the entry chunk and everything it imports
// statically, from Vite's manifest) stays under 150 KB gzipped; no chunk the page can load (static
// or lazy imports from the entry) carries TensorFlow.js, which only the workers may; the service
// worker's precache size is reported. Builds dist/ first when it is missing or stale.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../server/cli/build-if-stale.ts';

const root = process.cwd();
const dist = join(root, 'dist');
const LOGIN_BUDGET_BYTES = 150 * 1024;
// Strings every build of tfjs-core carries (its package name, its flag parser, the backends).
const TFJS_MARKERS = ['@tensorflow', 'tfjsflags', 'tfjs-backend', 'tfjs-core'];

interface Chunk { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
let manifest: Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The keys reachable from `start` through static imports (and lazy ones too when `lazy`). */
function reachable(start: string, lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key]!;
    for (const k of [...(c.imports ?? []), ...(lazy ? c.dynamicImports ?? [] : [])]) visit(k);
  };
  visit(start);
  return seen;
}

beforeAll(() => {
  buildIfStale(root);
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
}, 600_000);

describe('front-end budget', () => {
  it(`the login route's JavaScript is under ${kb(LOGIN_BUDGET_BYTES)} gzipped`, () => {
    const entries = Object.entries(manifest).filter(([, c]) => c.isEntry && c.file.endsWith('.js'));
    const [entryKey] = entries.find(([k]) => k === 'index.html') ?? entries[0]!;
    const files = [...reachable(entryKey, false)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const sizes = files.map((f) => ({ file: f, gzip: gz(f) })).sort((a, b) => b.gzip - a.gzip);
    const total = sizes.reduce((n, s) => n + s.gzip, 0);
    console.log(`bundle: login route ${kb(total)} gzipped in ${files.length} chunks: ${sizes.map((s) => `${s.file.replace(/^assets\//, '')} ${kb(s.gzip)}`).join(', ')}`);
    // The page really loads these: index.html references the entry.
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain(manifest[entryKey]!.file);
    expect(total).toBeGreaterThan(10 * 1024);
    expect(total).toBeLessThan(LOGIN_BUDGET_BYTES);
  });

  it('no chunk the page can load holds TensorFlow.js; the face-detector worker does', () => {
    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const mainThread = [...reachable(entryKey, true)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    expect(mainThread.length).toBeGreaterThan(10);
    const offenders = mainThread.filter((f) => TFJS_MARKERS.some((m) => readFileSync(join(dist, f), 'utf8').includes(m)));
    expect(offenders).toEqual([]);
    // The markers are real: the worker that runs the model carries them.
    const worker = Object.values(manifest).map((c) => c.file).concat(readdirAssets()).find((f) => /face-detector\.worker-.*\.js$/.test(f));
    expect(worker, 'face-detector worker chunk').toBeDefined();
    expect(TFJS_MARKERS.some((m) => readFileSync(join(dist, worker!), 'utf8').includes(m))).toBe(true);
  });

  it('reports the service worker precache size', () => {
    const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
    const urls = [...new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!))];
    expect(urls).toContain('index.html');
    const missing = urls.filter((u) => !existsSync(join(dist, u)));
    expect(missing).toEqual([]);
    const bytes = urls.reduce((n, u) => n + statSync(join(dist, u)).size, 0);
    const gzipped = urls.reduce((n, u) => n + gz(u), 0);
    console.log(`bundle: precache ${urls.length} files, ${kb(bytes)} (${kb(gzipped)} gzipped)`);
    expect(bytes).toBeGreaterThan(0);
  });
});

function readdirAssets(): string[] {
  return readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
}
