// A candidate on slow mobile data (issue 16): the app's production build served by the real server
// (fresh embedded database with the demo exam), headless Debian Chromium with a persistent profile,
// the network throttled with CDP `Network.emulateNetworkConditions` (1.6 Mbit/s down = 200,000 B/s,
// 750 kbit/s up, 150 ms latency: Lighthouse's slow 4G figures, applied per request as DevTools does).
//
// Two visits with the same profile (so the service worker, its caches and the HTTP cache persist):
//   first visit: a cold profile; return visit: the browser restarted on that profile.
// Each visit measures
//   login: open `/` -> the login form is interactive (the e-mail field is enabled and takes a typed
//          character, the Login button is enabled), on the Node clock from the navigation's start;
//   start: click 'Mulai Test' -> the first listening item plays (the section's <audio> fires
//          `playing`), on the page's clock; the device check before it runs as a candidate does it
//          (fake camera with one face, scripted speech), each visit on a new order of the demo candidate;
// and the bytes received per phase (CDP `Network.loadingFinished`, encoded, i.e. over the wire).
//
// `--plain` serves a copy of the build without the .br/.gz files (the server before issue 16).
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../server/cli/build-if-stale.ts';
import { scriptSpeech, SENTENCE } from '../tests/e2e/support/candidate.ts';
import { chromiumArgs } from '../tests/e2e/support/chromium.ts';
import { prepareOrder, startAppServer, type PreparedOrder } from './lib/app-server.ts';
import { attachNetworkLog, bytesBetween, throttleTargets, type NetworkLog } from './lib/cdp-network.ts';
import { ensureBrowserInputs } from './lib/inputs.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const plain = process.argv.includes('--plain');
const resultsFile = join(root, 'bench', 'results', plain ? 'slow-network-plain.json' : 'slow-network.json');
/** Lighthouse's "slow 4G": 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const TARGETS = { loginFirstVisitMs: 3_000, startReturnVisitMs: 5_000 };
const log = (s: string) => console.log(`[bench] ${s}`);
const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

/** Records, in the page, when 'Mulai Test' was clicked and when the section's audio first played. */
async function installStartProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __slowNet: { click: number | null; playing: number | null; src: string | null; anyPlaying: number | null } };
    w.__slowNet = { click: null, playing: null, src: null, anyPlaying: null };
    document.addEventListener('click', (e) => {
      const button = (e.target as Element | null)?.closest('button');
      if (button?.textContent?.trim() === 'Mulai Test' && w.__slowNet.click === null) w.__slowNet.click = performance.now();
    }, true);
    // Media events do not bubble, but capture listeners on the document see them.
    document.addEventListener('playing', (e) => {
      const el = e.target as HTMLMediaElement;
      if (el.dataset.testid !== 'listening-audio') return;
      w.__slowNet.anyPlaying ??= performance.now(); // after a reload: from the navigation's start
      if (w.__slowNet.playing !== null || w.__slowNet.click === null) return;
      w.__slowNet.playing = performance.now();
      w.__slowNet.src = el.currentSrc;
    }, true);
  });
}

const poll = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => {
  for (const until = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

interface LoginFigures { interactiveMs: number | null; alreadyLoggedIn: boolean; fcpMs: number | null; domContentLoadedMs: number | null; bytes: number; requests: number }

/** Opens `/` and measures until the login form takes input; then logs in (unless the session is still there). */
async function loginPhase(page: Page, net: NetworkLog, order: PreparedOrder): Promise<LoginFigures> {
  const t0 = Date.now();
  await page.goto('/', { waitUntil: 'commit' });
  const email = page.getByLabel('E-mail');
  const loginButton = page.getByRole('button', { name: 'Login', exact: true });
  await poll('the login form or the test list', async () => (await email.isVisible().catch(() => false)) || /\/epot$/.test(page.url()))
    .catch(async (error: unknown) => {
      log(`  at ${page.url()}: ${(await page.locator('body').innerText().catch(() => '?')).slice(0, 300)}`);
      log(`  requests: ${net.entries.map((e) => `${e.source} ${new URL(e.url).pathname} ${e.bytes}`).join(', ')}`);
      throw error;
    });
  let interactiveMs: number | null = null;
  const alreadyLoggedIn = !(await email.isVisible().catch(() => false));
  if (!alreadyLoggedIn) {
    await email.fill('x'); // waits until it is visible, enabled and editable
    await poll('the e-mail field to hold the typed text', async () => (await email.inputValue()) === 'x');
    await poll('the Login button to be enabled', () => loginButton.isEnabled());
    interactiveMs = Date.now() - t0;
  }
  const t1 = Date.now();
  const paint = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    dcl: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventEnd ?? null,
  }));
  const { bytes, requests } = bytesBetween(net, t0, t1);
  if (!alreadyLoggedIn) {
    await email.fill(order.email);
    await page.getByLabel('Password').fill(order.password);
    await loginButton.click();
    await page.waitForURL(/\/epot$/, { timeout: 60_000 });
  }
  return { interactiveMs, alreadyLoggedIn, fcpMs: paint.fcp && Math.round(paint.fcp), domContentLoadedMs: paint.dcl && Math.round(paint.dcl), bytes, requests };
}

interface StartFigures { assetsReadyMs: number | null; deviceCheckTopRequests: { url: string; bytes: number }[]; deviceCheckBytes: number; deviceCheckRequests: number; startToPlayingMs: number; bytes: number; requests: number; topRequests: { url: string; bytes: number }[]; audio: string | null }

/** The device check as a candidate does it, then 'Mulai Test' -> the first listening item playing. */
async function startPhase(page: Page, net: NetworkLog, order: PreparedOrder): Promise<StartFigures> {
  const next = page.getByRole('button', { name: 'Lanjutkan', exact: true });
  const t0 = Date.now();
  await page.goto(`/epot/${order.orderId}/device-check`);
  // How long the model and WASM take to reach the cache, from opening the device check.
  const assetsReady = page.locator('[data-testid="exam-assets"][data-status]').waitFor({ timeout: 120_000 }).then(() => Date.now() - t0, () => null);
  await next.click({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Putar Suara Contoh' }).click();
  await page.getByText(/Suara contoh sudah diputar|Suara contoh sedang diputar/).waitFor({ timeout: 60_000 });
  await next.click();
  await next.click(); // camera hint -> the live video
  await page.getByTestId('camera-status').getByText('Kamera berhasil mendeteksi wajah dengan baik').waitFor({ timeout: 120_000 });
  await poll('the camera countdown', () => next.isEnabled(), 60_000);
  await next.click();
  await page.getByRole('button', { name: 'Nyalakan Mikrofon' }).click();
  await page.getByTestId('heard-sentences').getByText(SENTENCE).waitFor({ timeout: 30_000 });
  const assets = await page.getByTestId('exam-assets').getAttribute('data-status').catch(() => null);
  log(`  model and WASM before 'Mulai Test': ${assets ?? 'no status shown'}`);
  const start = page.getByRole('button', { name: 'Mulai Test' });
  await poll("'Mulai Test' to be enabled", () => start.isEnabled());
  const t1 = Date.now();
  await start.click();
  await page.waitForFunction(() => (window as unknown as { __slowNet: { playing: number | null } }).__slowNet.playing !== null, null, { timeout: 120_000, polling: 100 });
  const t2 = Date.now();
  const probe = await page.evaluate(() => (window as unknown as { __slowNet: { click: number; playing: number; src: string } }).__slowNet);
  const before = bytesBetween(net, t0, t1);
  const after = bytesBetween(net, t1, t2);
  return {
    assetsReadyMs: await assetsReady,
    deviceCheckBytes: before.bytes,
    deviceCheckRequests: before.requests,
    deviceCheckTopRequests: before.top,
    startToPlayingMs: Math.round(probe.playing - probe.click),
    bytes: after.bytes,
    requests: after.requests,
    topRequests: after.top,
    audio: probe.src ? new URL(probe.src).pathname : null,
  };
}

interface ReloadFigures { reloadToPlayingMs: number; bytes: number; requests: number; topRequests: { url: string; bytes: number }[] }

/**
 * The section page reloaded (a candidate's browser crashed or they pressed F5): a fresh page and fresh
 * workers, so the face detector loads the model and WASM again, from the cache; until the listening
 * audio plays again, on the page's clock from the navigation's start.
 */
async function reloadPhase(page: Page, net: NetworkLog): Promise<ReloadFigures> {
  const t0 = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __slowNet: { anyPlaying: number | null } }).__slowNet.anyPlaying !== null, null, { timeout: 120_000, polling: 100 });
  const t1 = Date.now();
  const playing = await page.evaluate(() => (window as unknown as { __slowNet: { anyPlaying: number } }).__slowNet.anyPlaying);
  const { bytes, requests, top } = bytesBetween(net, t0, t1);
  return { reloadToPlayingMs: Math.round(playing), bytes, requests, topRequests: top };
}

async function visit(name: string, profile: string, base: string, order: PreparedOrder) {
  log(`${name} visit…`);
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs('one-face'), '--autoplay-policy=no-user-gesture-required'],
    baseURL: base, locale: 'id-ID', timezoneId: 'Asia/Jakarta', viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // tsx compiles with esbuild's keepNames: functions handed to the page call its __name helper.
    await page.addInitScript('window.__name = (f) => f');
    await scriptSpeech(page, SENTENCE, true, '/device-check');
    await installStartProbe(page);
    const cdp: CDPSession = await context.newCDPSession(page);
    const net = await attachNetworkLog(cdp);
    const throttled = await throttleTargets(cdp, SLOW_4G, net, { workers: !process.env.SLOW_NET_PAGE_ONLY });
    const login = await loginPhase(page, net, order);
    log(`  login form interactive: ${login.alreadyLoggedIn ? 'already logged in' : `${login.interactiveMs} ms`} (${login.bytes} bytes)`);
    const start = await startPhase(page, net, order).catch(async (error: unknown) => {
      log(`  failed at ${page.url()}: ${(await page.locator('body').innerText().catch(() => '?')).slice(0, 600).replaceAll('\n', ' | ')}`);
      if (errors.length) log(`  page errors: ${errors.join('; ')}`);
      throw error;
    });
    log(`  device check: model and WASM cached ${start.assetsReadyMs} ms after it opened; 'Mulai Test' -> first listening item playing: ${start.startToPlayingMs} ms (${start.bytes} bytes)`);
    page.on('dialog', (d) => void d.accept()); // the section's leave guard asks before a reload
    const reload = await reloadPhase(page, net);
    log(`  reload in the section -> listening audio playing again: ${reload.reloadToPlayingMs} ms (${reload.bytes} bytes)`);
    if (errors.length) log(`  page errors: ${errors.join('; ')}`);
    // Logged out for the next visit (only the session: the service worker and every cache stay), so
    // the return visit opens the login form too.
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    return { visit: name, login, start, reload, throttledTargets: throttled.targets(), workerBytes: net.workerBytes(), pageErrors: errors };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const began = Date.now();
  const loadBefore = uptime();
  await ensureBrowserInputs(root, ['one-face'], log);
  buildIfStale(root, log);
  let staticDir = join(root, 'dist');
  if (plain) {
    staticDir = join(root, '.tmp', 'bench-slow-network-plain');
    rmSync(staticDir, { recursive: true, force: true });
    cpSync(join(root, 'dist'), staticDir, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  }
  const app = await startAppServer(root, staticDir, log);
  const profile = mkdtempSync(join(tmpdir(), 'epot-bench-profile-'));
  try {
    const first = await visit('first', profile, app.base, await prepareOrder(app.base, app.seed, app.seed.individualCodes[0]!));
    const again = await visit('return', profile, app.base, await prepareOrder(app.base, app.seed, app.seed.individualCodes[1]!));
    const visits = [first, again];
    const targets = {
      login_first_visit_under_3s: first.login.interactiveMs !== null && first.login.interactiveMs <= TARGETS.loginFirstVisitMs,
      start_return_visit_under_5s: again.start.startToPlayingMs <= TARGETS.startReturnVisitMs,
    };
    const machine = {
      date: new Date().toISOString(),
      cores: cpus().length,
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      memory_gb: Math.round(totalmem() / 2 ** 30),
      kernel: release(),
      chromium: spawnSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout.trim(),
      uptime_before: loadBefore,
      uptime_after: uptime(),
      load_average_1m_after: Math.round(loadavg()[0]! * 100) / 100,
      bench_seconds: Math.round((Date.now() - began) / 1000),
    };
    mkdirSync(dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, JSON.stringify({ machine, settings: { network: SLOW_4G, precompressed: !plain }, visits, targets }, null, 2) + '\n');

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log('');
    console.log(`Slow network (CDP: ${SLOW_4G.downloadThroughput} B/s down, ${SLOW_4G.uploadThroughput} B/s up, ${SLOW_4G.latency} ms latency), ${plain ? 'plain files (no .br/.gz)' : 'precompressed build'}`);
    console.log('| visit | login form interactive ms | login bytes | device check bytes | Mulai Test -> first item playing ms | start bytes | reload -> playing ms | reload bytes |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const v of visits) {
      const login = v.login.alreadyLoggedIn ? 'already logged in' : String(v.login.interactiveMs);
      console.log(`| ${v.visit} | ${login} | ${kb(v.login.bytes)} (${v.login.requests} req) | ${kb(v.start.deviceCheckBytes)} (${v.start.deviceCheckRequests} req) | ${v.start.startToPlayingMs} | ${kb(v.start.bytes)} (${v.start.requests} req) | ${v.reload.reloadToPlayingMs} | ${kb(v.reload.bytes)} (${v.reload.requests} req) |`);
    }
    console.log(`Throttled targets: ${first.throttledTargets.join(', ')}`);
    console.log(`Targets: login form <= 3 s on a first visit ${targets.login_first_visit_under_3s ? 'met' : 'MISSED'}; section ready <= 5 s on a return visit ${targets.start_return_visit_under_5s ? 'met' : 'MISSED'}`);
    console.log(`Machine: ${machine.cores} cores (${machine.cpu}), Linux ${machine.kernel}, ${machine.chromium} headless; uptime before: ${machine.uptime_before}; after: ${machine.uptime_after}; bench took ${machine.bench_seconds} s`);
    console.log(`Wrote ${resultsFile}`);
  } finally {
    rmSync(profile, { recursive: true, force: true });
    await app.stop();
  }
}

await main();
