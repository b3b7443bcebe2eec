// Front-end budget: the JavaScript the login route needs (the entry chunk and everything it imports
// statically, from Vite's manifest) stays under 150 KB gzipped; no chunk the page can load (static
// or lazy imports from the entry) carries TensorFlow.js, which only the workers may; the service
// worker's precache size is reported. The staff console (/admin) is its own lazy graph: every chunk
// only it loads is named staff-* (vite.config.ts), holds the console's code, is not precached, and no
// chunk the candidate app can load holds staff code. Builds dist/ first when it is missing or stale.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../server/cli/build-if-stale.ts';
import { staffMessages } from '../../src/i18n/staff-messages.ts';
import { staffReviewMessages } from '../../src/i18n/staff-review-messages.ts';
import { staffInsightsMessages } from '../../src/i18n/staff-insights-messages.ts';
import { staffSessionMessages } from '../../src/i18n/staff-session-messages.ts';

const root = process.cwd();
const dist = join(root, 'dist');
const LOGIN_BUDGET_BYTES = 150 * 1024;
// Strings every build of tfjs-core carries (its package name, its flag parser, the backends).
const TFJS_MARKERS = ['@tensorflow', 'tfjsflags', 'tfjs-backend', 'tfjs-core'];

interface Chunk { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
let manifest: Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Texts only the console's code carries (its screens' words).
// Issue 30/31: the live view's texts and the insights' chart library (an Observable Plot error text) too.
const STAFF_MARKERS = [staffMessages.login.title, staffMessages.security.logoutEverywhere, staffMessages.settings.appliesNote, staffMessages.app.name, staffReviewMessages.queue.intro,
  staffSessionMessages.live.connection.reconnecting, staffInsightsMessages.analysis.flags.distractor_attracts_top, 'missing facet data in'];
const STAFF_ENTRY = 'src/console/staff-console.ts';
const isStaffFile = (file: string) => file.startsWith('assets/staff-');

/** The keys reachable from `start` through static imports (and lazy ones too when `lazy`), never entering `skip`. */
function reachable(start: string, lazy: boolean, skip: (key: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || skip(key)) return;
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
    // The device check names the WASM binaries it fetches into the cache (src/lib/exam-assets.ts):
    // file names, not TensorFlow.js code.
    const code = (f: string) => readFileSync(join(dist, f), 'utf8').replace(/tfjs-backend-wasm(-simd|-threaded-simd)?\.wasm/g, '');
    const offenders = mainThread.filter((f) => TFJS_MARKERS.some((m) => code(f).includes(m)));
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

describe('staff console chunks', () => {
  const text = (file: string) => readFileSync(join(dist, file), 'utf8');
  const precached = () => [...new Set([...readFileSync(join(dist, 'sw.js'), 'utf8').matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!))];
  const entryKey = () => Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  /** Everything the candidate app can load: the entry's graph without going through the console's lazy entry. */
  const candidateKeys = () => reachable(entryKey(), true, (k) => k === STAFF_ENTRY);

  it('loads the console lazily: its own chunks (staff-*) hold its code, and no chunk the candidate can load does', () => {
    expect(manifest[STAFF_ENTRY]?.isDynamicEntry, 'the console is a lazy route').toBe(true);
    const candidate = candidateKeys();
    const staffOnly = [...reachable(STAFF_ENTRY, true)].filter((k) => !candidate.has(k)).map((k) => manifest[k]!);
    const staffFiles = staffOnly.flatMap((c) => [c.file, ...(c.css ?? [])]);
    expect(staffFiles.length).toBeGreaterThan(1);
    expect(staffFiles.filter((f) => !isStaffFile(f))).toEqual([]);
    // The markers are real: the console's chunks carry every one of them.
    const staffJs = staffFiles.filter((f) => f.endsWith('.js')).map(text).join('\n');
    expect(STAFF_MARKERS.filter((m) => !staffJs.includes(m))).toEqual([]);
    const candidateFiles = [...candidate].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    expect(candidateFiles.length).toBeGreaterThan(10);
    expect(candidateFiles.filter(isStaffFile)).toEqual([]);
    const offenders = candidateFiles.filter((f) => STAFF_MARKERS.some((m) => text(f).includes(m)));
    expect(offenders).toEqual([]);
  });

  it("keeps the console out of the login route's JavaScript and out of the service worker's precache", () => {
    const login = [...reachable(entryKey(), false)].map((k) => manifest[k]!.file);
    expect(login.filter(isStaffFile)).toEqual([]);
    expect(login.filter((f) => f.endsWith('.js') && STAFF_MARKERS.some((m) => text(f).includes(m)))).toEqual([]);
    const urls = precached();
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((u) => u.includes('staff-'))).toEqual([]);
    expect(readdirAssets().filter(isStaffFile).length).toBeGreaterThan(1);
  });
});

function readdirAssets(): string[] {
  return readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
}
