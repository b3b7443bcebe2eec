// Test day, live (issue 30), on two production server processes behind the round-robin proxy
// (tests/e2e/support/cluster.ts). The institution admin schedules a session in the console; the
// proctor's browser is pinned to process 1 and the member's to process 2, so every event the view
// shows crossed processes through PostgreSQL's LISTEN/NOTIFY. The view must show the member enter
// listening, leave the tab and come back, each within 2 s of the server's event (the page measures
// the push delay of each pushed entry: its arrival on the server's clock minus the event's time);
// the proctor gives 5 extra minutes and the member's timer shows them without a reload. Before the
// window opens the member's start is refused with the catalogue's sentence.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_MESSAGES } from '../../../contracts/facts/index.ts';
import { DEMO_PASSWORD } from '../../../server/seed/demo-seed.ts';
import { PIN_UPSTREAM_HEADER } from '../../server-helpers/round-robin-proxy.ts';
import { loginViaUi } from '../support/accounts.ts';
import { chromiumArgs } from '../support/chromium.ts';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { leaveUntilCounted } from '../support/leave-page.ts';
import { prepareOrder } from '../support/orders.ts';
import { staffLoginUi } from '../support/staff.ts';

test.use({ actionTimeout: 20_000 });
test.describe.configure({ mode: 'serial' });

const MEMBER = { email: 'anggota1@epot.local', password: DEMO_PASSWORD, fullname: '' };
const LATE = { email: 'anggota2@epot.local', password: DEMO_PASSWORD, fullname: '' };
const ADMIN = { email: 'admin.lembaga@epot.local', password: DEMO_PASSWORD };
const PUSH_TARGET_MS = 2_000;
let cluster: Cluster;
let browser: Browser;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  cluster = await startCluster({ processes: 2, overdue: 0 });
  browser = await playwright.chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs('one-face') });
});
test.afterAll(async () => {
  await browser?.close();
  await cluster?.dispose();
});

/** "YYYY-MM-DDTHH:MM" in WIB, as the console's datetime-local fields take it. */
const wibLocal = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 16);

const pinned = (upstream: number) => browser.newContext({
  baseURL: cluster.url, locale: 'id-ID', timezoneId: 'Asia/Jakarta', viewport: { width: 1366, height: 768 }, extraHTTPHeaders: { [PIN_UPSTREAM_HEADER]: String(upstream) },
});

async function schedule(page: Page, name: string, opensMs: number, member: string): Promise<void> {
  await page.goto('/admin/sessions');
  await page.getByRole('button', { name: 'Jadwalkan sesi baru' }).click();
  await page.getByLabel('Nama sesi').fill(name);
  await page.getByLabel('Dibuka (WIB)').fill(wibLocal(opensMs));
  await page.getByLabel('Batas mulai (WIB)').fill(wibLocal(opensMs + 60 * 60_000));
  await page.getByLabel('Ditutup (WIB)').fill(wibLocal(opensMs + 3 * 60 * 60_000));
  await page.getByLabel('Cari anggota').fill(member);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await page.getByRole('list', { name: 'Anggota lembaga' }).getByText(member).click();
  await expect(page.getByText('1 peserta dipilih')).toBeVisible();
  await page.getByRole('button', { name: 'Jadwalkan sesi', exact: true }).click();
  await expect(page.getByText(SESSION_MESSAGES.created)).toBeVisible();
}

/** The newest pushed feed entry of this kind: its push delay as the page measured it. */
async function pushed(page: Page, kind: string, text: string | RegExp): Promise<number> {
  const entry = page.getByTestId('live-feed').locator(`li[data-kind="${kind}"]`).filter({ hasText: text }).first();
  await expect(entry).toBeVisible({ timeout: 30_000 });
  const delay = Number(await entry.getAttribute('data-delay-ms'));
  test.info().annotations.push({ type: `push delay ${kind}`, description: `${delay} ms` });
  console.log(`[test-day] push delay ${kind}: ${delay} ms`);
  return delay;
}

const timerSeconds = async (page: Page) => {
  const [h, m, s] = (await page.getByTestId('exam-timer').innerText()).trim().split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

test('a member starts only inside the window: refused before it opens with the catalogue sentence', async () => {
  test.setTimeout(120_000);
  const proctor = await pinned(0);
  const page = await proctor.newPage();
  try {
    await staffLoginUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    const opens = Date.now() + 2 * 60 * 60_000;
    await schedule(page, 'Sesi sore', opens, LATE.email);
    const { token, orderId } = await prepareOrder(proctor.request, LATE, cluster.seed.institutionCodes[1]!);
    const refused = await proctor.request.put(`/api/users/v1/member/order/update-start-test/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(SESSION_MESSAGES.notOpenYet('Sesi sore', new Date(Math.floor(opens / 60_000) * 60_000)));
  } finally {
    await proctor.close();
  }
});

test("the proctor's live view on one process sees a member on the other, and extra minutes reach the member's timer", async () => {
  test.setTimeout(300_000);
  const proctor: BrowserContext = await pinned(0);
  const candidate: BrowserContext = await pinned(1);
  const staffPage = await proctor.newPage();
  const page = await candidate.newPage();
  page.on('dialog', (d) => void d.accept());
  try {
    await staffLoginUi(staffPage, ADMIN.email, ADMIN.password);
    await expect(staffPage).toHaveURL(/\/admin\/settings$/);
    await schedule(staffPage, 'Lab Bahasa pagi', Date.now() - 10 * 60_000, MEMBER.email);
    await staffPage.getByRole('link', { name: 'Pantau langsung: Lab Bahasa pagi' }).click();
    await expect(staffPage.locator('[data-connection="live"]')).toBeVisible();
    const row = staffPage.locator(`tr[data-member="${MEMBER.email}"]`);
    await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'not_arrived');

    // The member logs in and starts (in the window), then opens listening.
    const { orderId } = await prepareOrder(candidate.request, MEMBER, cluster.seed.institutionCodes[0]!, { start: true });
    await loginViaUi(page, MEMBER.email, MEMBER.password);
    await expect(page).toHaveURL(/\/epot$/);
    await page.goto(`/epot/${orderId}/listening`);
    await expect(page.getByTestId('camera-preview')).toBeVisible({ timeout: 30_000 });
    await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'listening');
    expect(await pushed(staffPage, 'section_start', /mulai Listening/)).toBeLessThanOrEqual(PUSH_TARGET_MS);

    // Leaves the tab and comes back.
    const cdp = await candidate.newCDPSession(page);
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    await leaveUntilCounted(page);
    expect(await pushed(staffPage, 'flag', 'Meninggalkan halaman')).toBeLessThanOrEqual(PUSH_TARGET_MS);
    await expect(row.locator('[data-flag="tab"]')).toHaveText('Meninggalkan halaman: 1');
    await page.getByRole('alertdialog').getByRole('button').first().click();
    expect(await pushed(staffPage, 'returned', /kembali ke halaman tes/)).toBeLessThanOrEqual(PUSH_TARGET_MS);

    // Five extra minutes: the server deadline moves and the member's timer follows without a reload.
    await expect(page.getByTestId('exam-timer')).toBeVisible();
    const before = await timerSeconds(page);
    await row.getByRole('button', { name: `Aksi untuk ${await row.locator('th span').first().innerText()}` }).click();
    const dialog = staffPage.getByRole('dialog');
    await dialog.getByLabel('Tambahan menit').fill('5');
    await dialog.getByLabel('Alasan (dicatat di log audit)').fill('Listrik padam 5 menit');
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await expect(staffPage.getByText('Tambahan waktu 5 menit diberikan')).toBeVisible();
    await pushed(staffPage, 'deadline', 'mendapat tambahan waktu 5 menit');
    // The next heartbeat answer carries the deadline (one beat every 15 s) and the notice.
    await expect.poll(async () => (await timerSeconds(page)) - before, { timeout: 45_000 }).toBeGreaterThan(4 * 60);
    await expect(page.getByTestId('session-notices')).toContainText('Pengawas menambahkan waktu 5 menit untuk bagian ini.');

    // Crossed processes: the view's stream went to process 1, the member's calls to process 2.
    const log = cluster.proxy.log;
    expect(log.filter((r) => r.path.includes('/live')).map((r) => r.upstream)).toEqual(expect.arrayContaining([0]));
    expect(new Set(log.filter((r) => r.path.includes('/live')).map((r) => r.upstream))).toEqual(new Set([0]));
    const memberCalls = log.filter((r) => /update\/violation|proctoring-event|order\/detail\/[^/]+\/listening/.test(r.path));
    expect(memberCalls.length).toBeGreaterThan(0);
    expect(new Set(memberCalls.map((r) => r.upstream))).toEqual(new Set([1]));
    if (process.env.EPOT_DOC_SCREENSHOTS) await staffPage.screenshot({ path: 'docs/screenshots/live-view.png', fullPage: false });
  } finally {
    await proctor.close();
    await candidate.close();
  }
});
