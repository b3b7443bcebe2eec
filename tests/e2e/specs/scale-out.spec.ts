// Two processes, one system (issue 15): two production server processes on one PostgreSQL database
// and one S3-protocol bucket, each with its own empty DATA_DIR, behind a round-robin proxy that
// sends every request to the next process in turn (tests/e2e/support/cluster.ts). A candidate
// takes the whole test through it — the device check, three sections with autosave and a reload,
// proctoring photos, the certificate and its verification — while consecutive requests land on
// different processes. Meanwhile both processes run the section sweeper every 300 ms over
// candidates whose deadlines pass one after another: each section is closed exactly once.
// The small fixture exam (tests/server-helpers/exam-fixture.ts) keeps the run short.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SUBMIT_GRACE_MS } from '../../../contracts/facts/index.ts';
import { DEMO_PASSWORD } from '../../../server/seed/demo-seed.ts';
import { pdfQrText, pdfText } from '../../server-helpers/pdf.ts';
import { loginViaUi } from '../support/accounts.ts';
import { clickPlayIfAsked, next, scriptSpeech, SENTENCE, step, takePhotosWhenAsked, throughAudioToVideo, withAudioRate } from '../support/candidate.ts';
import { chromiumArgs } from '../support/chromium.ts';
import { BUCKET_PREFIX, logLines, startCluster, type Cluster } from '../support/cluster.ts';
import { prepareOrder } from '../support/orders.ts';

test.use({ actionTimeout: 20_000 });
test.describe.configure({ mode: 'serial' });

const DEMO = { email: 'demo@epot.local', password: DEMO_PASSWORD, fullname: 'Demo Peserta' };
const OVERDUE = 40;
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({ processes: 2, overdue: OVERDUE, env: { SWEEP_INTERVAL_MS: '300' } });
});
test.afterAll(async () => { await cluster?.dispose(); });
// On a failure: what the processes answered that was not a success, and what they logged as errors.
test.afterEach(async () => {
  if (test.info().status === test.info().expectedStatus || !cluster) return;
  const bad = cluster.proxy.log.filter((r) => r.status === 0 || r.status >= 400).map((r) => `${r.status} ${r.method} ${r.path} (process ${r.upstream + 1})`);
  const errors = cluster.servers.map((s, i) => `process ${i + 1}: ${s.stdout().split('\n').filter((l) => /"level":(50|60)/.test(l)).slice(-5).join('\n')} ${s.stderr().slice(-1500)}`);
  await test.info().attach('cluster', { body: [...bad, ...errors].join('\n') });
  console.log(['[scale-out] failed requests and server errors:', ...bad.slice(-30), ...errors].join('\n'));
});

const question = (page: Page, n: number) => page.locator(`[data-testid="question"][data-number="${n}"]`);

/** Picks `option` in question n, as a candidate does (the input is visually hidden inside its label). */
async function pick(page: Page, n: number, option: string): Promise<void> {
  const radio = page.getByRole('radio', { name: option, exact: true });
  await question(page, n).locator('label').filter({ has: radio }).click();
  await expect(question(page, n).locator(radio)).toBeChecked();
}

/** A part's direction screen comes first: 'Start Test' leads to the question. */
async function openQuestion(page: Page, n: number): Promise<void> {
  const start = page.getByRole('button', { name: 'Start Test' });
  await expect(question(page, n).or(start)).toBeVisible({ timeout: 30_000 });
  if (await start.isVisible()) await start.click();
  await expect(question(page, n)).toBeVisible();
}

async function submitSection(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Ya, kirim' }).click();
}

test('a candidate takes the whole test through two processes behind a round-robin proxy', async ({ playwright }) => {
  // The camera stalls seen here were not the proxy's: the check waits at 'Menyambungkan kamera…' until
  // the face detector's warm-up ends, and on the busy machine WASM's timed runs exceeded 30 ms, so the
  // warm-up went on to WebGL, which is SwiftShader (software) here: seconds of shader compile when
  // idle, minutes under a load of 20+. The warm-up now has a time budget (workers/face-detector). The
  // page is cross-origin isolated behind the proxy as without it (asserted below).
  test.setTimeout(600_000);
  // Its own browser with the one-face camera, as the device-check spec launches it.
  const browser = await playwright.chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs('one-face') });
  try {
    await candidateTakesTheTest(browser);
  } finally {
    await browser.close();
  }
});

async function candidateTakesTheTest(browser: Browser): Promise<void> {
  const context = await browser.newContext({ baseURL: cluster.url, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
  // Redeem and consent through the proxy (what the preparation page does), then the device check in
  // the browser: audio, the camera's face verdict from the fake camera, the microphone's sentence.
  const { orderId } = await prepareOrder(context.request, DEMO, cluster.seed.individualCodes[0]!);
  await scriptSpeech(page, SENTENCE, true, '/device-check');
  // The fixture's listening audio is 1.5-3 s a track and a question is answerable while its track
  // plays: at a quarter of the speed the clicks keep up on a busy 2-core machine.
  await withAudioRate(page, 0.25);
  await takePhotosWhenAsked(page);
  await loginViaUi(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Test EPOT' })).toBeVisible();
  await page.goto(`/epot/${orderId}/device-check`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audio' })).toBeVisible();
  // COOP/COEP come through the proxy unchanged: the page is isolated, as served by one process.
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await throughAudioToVideo(page);
  await expect(page.getByTestId('camera-status')).toHaveText('Kamera berhasil mendeteksi wajah dengan baik', { timeout: 60_000 });
  await expect(next(page)).toBeEnabled({ timeout: 20_000 });
  await next(page).click();
  await expect(step(page, 'microphone')).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: 'Nyalakan Mikrofon' }).click();
  const begin = page.getByRole('button', { name: 'Mulai Test' });
  await expect(begin).toBeEnabled({ timeout: 20_000 });
  await begin.click();

  // ---- listening: the audio (served from the bucket by either process) moves the questions on ----
  await expect(page).toHaveURL(new RegExp(`/epot/${orderId}/listening$`));
  await clickPlayIfAsked(page);
  for (const [n, option] of [[1, 'two'], [2, 'one'], [3, 'four']] as const) {
    await expect(question(page, n)).toBeVisible({ timeout: 30_000 });
    await pick(page, n, option);
  }
  await expect(page.getByRole('heading', { name: 'Section berikutnya: Section 2' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Lanjutkan' }).click();

  // ---- structure: autosave, then a reload resumes with the answer kept --------------------------
  await expect(page).toHaveURL(new RegExp(`/epot/${orderId}/structure$`));
  await openQuestion(page, 1);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/v1/member/order/answer/draft') && r.request().method() === 'PUT' && r.ok());
  await pick(page, 1, 'lives');
  await saved;
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await openQuestion(page, 1);
  await expect(question(page, 1).getByRole('radio', { name: 'lives', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await openQuestion(page, 2);
  await pick(page, 2, 'go');
  await submitSection(page);
  await expect(page.getByRole('heading', { name: 'Section berikutnya: Section 3' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Lanjutkan' }).click();

  // ---- reading; the photo gate takes its photos before the submission goes ----------------------
  await expect(page).toHaveURL(new RegExp(`/epot/${orderId}/reading$`));
  await openQuestion(page, 1);
  await pick(page, 1, 'three');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await openQuestion(page, 2);
  await pick(page, 2, 'two');
  await submitSection(page);
  await expect(page).toHaveURL(/\/epot\/end$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Selamat Anda telah menyelesaikan test EPOT' })).toBeVisible();

  // ---- the certificate: listed on /reward, its PDF from the bucket, its QR opens the verification --
  await expect(page).toHaveURL(/\/reward$/, { timeout: 15_000 });
  const [order] = await cluster.sql<{ order_no: string; total_score: number }>('select order_no, total_score from orders where id = $1', [orderId]);
  const row = page.getByTestId('certificate-row').filter({ hasText: order!.order_no });
  await expect(row.getByTestId('certificate-score')).toHaveText(String(order!.total_score));
  const pdfRequest = context.waitForEvent('request', (r) => r.url().includes('/api/storage/v1/media/file/'));
  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: `Lihat sertifikat order ${order!.order_no}` }).click();
  await popup;
  const pdf = await context.request.get((await pdfRequest).url());
  expect(pdf.status()).toBe(200);
  const body = await pdf.body();
  expect(await pdfText(body)).toContain(DEMO.fullname);
  const qr = await pdfQrText(body);
  expect(qr).toMatch(new RegExp(`^${cluster.url}/verify/EPOT-`));
  const verify = await context.newPage();
  await verify.goto(qr!);
  await expect(verify.getByRole('heading', { level: 1 })).toHaveText('Verifikasi Sertifikat');
  // Issue 28: the QR's signed credential, checked in the browser; revocation asked of the cluster.
  await expect(verify.locator('[data-signature]')).toHaveAttribute('data-signature', 'valid');
  await expect(verify.locator('[data-signature]')).toHaveAttribute('data-revocation', 'valid');

  // ---- stored: photos and the PDF in the bucket, nothing on either process's disk ---------------
  const files = await cluster.sql<{ storage_key: string; source: string }>(
    `select m.storage_key, m.source from media m join users u on u.id = m.owner_user_id where u.email = $1`, [DEMO.email]);
  expect(files.filter((f) => f.source === 'upload').length).toBeGreaterThanOrEqual(2);
  expect(files.filter((f) => f.source === 'certificate')).toHaveLength(1);
  const inBucket = new Set(await cluster.s3.keys(BUCKET_PREFIX));
  for (const f of files) expect(inBucket.has(`${BUCKET_PREFIX}${f.storage_key}`), f.storage_key).toBe(true);
  for (const dir of cluster.dataDirs) expect(existsSync(join(dir, 'media')) ? readdirSync(join(dir, 'media')) : []).toEqual([]);

  // ---- round robin: consecutive requests went to different processes, and both did real work -----
  const log = cluster.proxy.log;
  expect(log.length).toBeGreaterThan(50);
  for (let i = 1; i < log.length; i++) expect(log[i]!.upstream, `request ${i}`).not.toBe(log[i - 1]!.upstream);
  const api = log.filter((r) => r.path.startsWith('/api/'));
  const work = api.filter((r) => /answer\/draft|\/order\/answer|media\/user\/upload|order\/detail\/[^/]+\/\w+$/.test(r.path));
  for (const upstream of [0, 1]) {
    expect(api.filter((r) => r.upstream === upstream).length, `process ${upstream + 1}`).toBeGreaterThan(api.length * 0.3);
    expect(work.filter((r) => r.upstream === upstream).length, `process ${upstream + 1}: drafts, submits, uploads, section starts`).toBeGreaterThan(0);
  }
  expect(log.filter((r) => r.status >= 500)).toEqual([]);
  test.info().annotations.push({ type: 'requests per process', description: [0, 1].map((u) => `${log.filter((r) => r.upstream === u).length}`).join(' / ') });
}

test('the sweepers of both processes close each overdue section exactly once', async () => {
  test.setTimeout(120_000);
  const ids = cluster.overdue.map((c) => c.orderId);
  // Deadlines pass one after another over ~6 s: both sweepers (every 300 ms) find work.
  await cluster.sql(`update order_sections s set deadline_at = now() - make_interval(secs => $2::float8 / 1000) + make_interval(secs => o.i * 0.15)
    from (select id, row_number() over (order by id) as i from orders where id = any($1::uuid[])) o
    where s.order_id = o.id and s.section = 'listening'`, [ids, SUBMIT_GRACE_MS]);
  await expect.poll(async () => (await cluster.sql<{ n: number }>(
    `select count(*)::int as n from order_sections where order_id = any($1::uuid[]) and submitted_at is not null`, [ids]))[0]!.n,
  { timeout: 60_000 }).toBe(OVERDUE);
  const rows = await cluster.sql<{ closed_by: string; n: number }>(
    `select closed_by, count(*)::int as n from order_sections where order_id = any($1::uuid[]) group by closed_by`, [ids]);
  expect(rows).toEqual([{ closed_by: 'swept', n: OVERDUE }]);
  // Each process logs how many it closed: together exactly one close per section. How the work splits
  // between the two is timing (on a quiet machine one process can win every race: CI saw 0 / 40), so
  // the split is reported, not asserted.
  const closed = cluster.servers.map((s) => logLines(s, 'overdue sections swept').reduce((sum, l) => sum + Number(l.closed), 0));
  expect(closed.reduce((a, b) => a + b, 0)).toBe(OVERDUE);
  test.info().annotations.push({ type: 'sections closed per process', description: closed.join(' / ') });
});
