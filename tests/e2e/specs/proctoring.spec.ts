// Proctoring during the sections end to end (issue 7), with Chromium's fake camera playing the
// webcam fixtures and the real face-detector and photo-encoder workers. Orders are made through the
// API (redeem, consent, start); to reach structure or reading quickly, the earlier sections are
// opened and submitted empty through the API.
//
// How the checks are driven, honestly and without app hooks:
// - Leaving the page: Playwright emulates focus so every page looks focused. The test turns that
//   off for the test page (CDP Emulation.setFocusEmulationEnabled false), so bringing another page
//   of the same context to the front really blurs it, as switching tabs does for a candidate.
// - Speech: headless Chromium cannot recognise speech; an init script installs a scripted
//   SpeechRecognition (the hook documented in src/sensors/speech-recognition.ts) that
//   reports a final transcript whenever the test calls `window.__say(text)`.
// - Each camera fixture is fixed at browser launch, so face-leaves and two-faces get their own browser.
import { expect, test, type APIRequestContext, type Browser, type BrowserType, type Page } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { OrderDetailFull } from '../../../contracts/exam-delivery.ts';
import { loginViaUi } from '../support/accounts.ts';
import { chromiumArgs, type CameraFixture } from '../support/chromium.ts';
import { startOrder, type E2eOrder } from '../support/orders.ts';
import { flicker, leaveUntilCounted } from '../support/leave-page.ts';
import { pool, type E2eMember } from '../support/test-data.ts';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
test.use({ launchOptions: { executablePath, args: chromiumArgs('one-face') }, actionTimeout: 20_000 });

const api = (p: string) => `/api${p}`;
const data = pool('proctoring');
type Section = 'listening' | 'structure' | 'reading';
type Order = E2eOrder;


/** Opens a section (which starts its clock) and submits it with no answers. */
async function submitEmpty(request: APIRequestContext, { token, orderId }: Order, section: Section): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const opened = await request.get(api(fillPath(apiPaths.order.sectionDetail, { id: orderId, section })), { headers });
  expect(opened.status(), await opened.text()).toBe(200);
  const sent = await request.post(api(apiPaths.order.answer), { headers, data: { id: orderId, section, images: [], answer: [], disqualified: false } });
  expect(sent.status(), await sent.text()).toBe(200);
}

async function detailFull(request: APIRequestContext, { token, orderId }: Order): Promise<OrderDetailFull> {
  const res = await request.get(api(fillPath(apiPaths.order.detailFull, { id: orderId })), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: OrderDetailFull }).data;
}

async function launch(browserType: BrowserType, camera: CameraFixture): Promise<Browser> {
  return browserType.launch({ executablePath, args: chromiumArgs(camera) });
}

/** A scripted SpeechRecognition: `window.__say(text)` delivers `text` as a final result. */
async function scriptSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Handler = ((e: unknown) => void) | null;
    const live: { onresult: Handler }[] = [];
    class ScriptedRecognition {
      // Stands for Chrome with the id-ID pack installed: on-device recognition (src/sensors/speech-detection.ts).
      static available() { return Promise.resolve('available'); }
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      onresult: Handler = null;
      onerror: Handler = null;
      onend: (() => void) | null = null;
      start() { live.push(this); }
      stop() { this.onend?.(); }
      abort() { live.splice(live.indexOf(this), 1); }
    }
    Object.defineProperty(window, 'SpeechRecognition', { value: ScriptedRecognition, configurable: true });
    Object.defineProperty(window, '__say', {
      value: (transcript: string) => {
        const result = Object.assign([{ transcript, confidence: 0.9 }], { isFinal: true });
        live.forEach((r) => r.onresult?.({ resultIndex: 0, results: [result] }));
        return live.length;
      },
    });
  });
}

const say = (page: Page, text: string) => page.evaluate((t) => (window as unknown as { __say: (t: string) => number }).__say(t), text);

/** Opens a section screen as the logged-in candidate (the browser may ask before leaving a test page). */
async function openSection(page: Page, member: E2eMember, orderId: string, section: Section): Promise<void> {
  page.on('dialog', (d) => void d.accept());
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await page.goto(`/epot/${orderId}/${section}`);
  if (section !== 'listening') await expect(page.getByRole('heading', { name: /^Direction:/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('camera-preview')).toBeVisible();
}


async function allowRealFocus(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
}

const warning = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });
const badge = (page: Page, kind: 'new-tab' | 'face' | 'speech') => page.getByTestId(`violations-${kind}`);
/** The first verdict comes after the model's warm-up; allow for a busy machine. */
const DETECTION_TIMEOUT = 45_000;

test.describe('proctoring with their own camera', () => {
  test.setTimeout(180_000);
  let browser: Browser | undefined;
  test.afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  test('face-leaves: "Wajah tidak terdeteksi" during structure; the server holds the violation with its JPEG photo', async ({ playwright, request }) => {
    const member = data.individualMembers[0]!;
    const order = await startOrder(request, member, data.individualCodes[0]!);
    await submitEmpty(request, order, 'listening');
    browser = await launch(playwright.chromium, 'face-leaves');
    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'id-ID' })).newPage();
    await openSection(page, member, order.orderId, 'structure');

    const dialog = warning(page, 'Wajah tidak terdeteksi');
    await expect(dialog).toBeVisible({ timeout: DETECTION_TIMEOUT });
    await expect(dialog).toContainText('Kamera tidak dapat mendeteksi wajah anda');
    await expect(dialog).toContainText('Pelanggaran ke-1 dari 3.');
    await expect(dialog).toContainText('hanya teguran'); // an individual is warned only
    await dialog.getByRole('button', { name: 'Saya mengerti' }).click();
    await expect(badge(page, 'face')).toHaveText('1');

    let violation: OrderDetailFull['proctoring']['violations'][number] | undefined;
    await expect.poll(async () => {
      violation = (await detailFull(request, order)).proctoring.violations.find((v) => v.counter_type === 'face');
      return Boolean(violation?.image_url);
    }, { timeout: 20_000 }).toBe(true);
    expect(violation).toMatchObject({ section: 'structure', counter_type: 'face' });
    const photo = await request.get(new URL(violation!.image_url!, process.env.E2E_BASE_URL).toString());
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    expect([...(await photo.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await detailFull(request, order)).proctoring.counters.face).toBe(1);
  });

  test('a tab leave while the face warning is open is counted after it and reaches the server (issue 27)', async ({ playwright, request }) => {
    const member = data.individualMembers[0]!;
    const order = await startOrder(request, member, data.individualCodes[5]!);
    await submitEmpty(request, order, 'listening');
    browser = await launch(playwright.chromium, 'face-leaves');
    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'id-ID' })).newPage();
    await openSection(page, member, order.orderId, 'structure');
    await allowRealFocus(page);

    const face = warning(page, 'Wajah tidak terdeteksi');
    await expect(face).toBeVisible({ timeout: DETECTION_TIMEOUT });
    // Away until the page has raised the leave behind the face warning (it waits there).
    await leaveUntilCounted(page, page.locator('[data-testid="camera-preview"][data-waiting-warnings="1"]'));
    await expect(face).toBeVisible();
    await face.getByRole('button', { name: 'Saya mengerti' }).click();
    const tab = warning(page, 'Meninggalkan halaman tes terdeteksi');
    await expect(tab).toBeVisible();
    await expect(tab).toContainText('Pelanggaran ke-1 dari 3.');
    await tab.getByRole('button', { name: 'Saya mengerti' }).click();
    await expect(badge(page, 'new-tab')).toHaveText('1');

    // The server, not only the page, holds it: the counter and the violation with its photo.
    await expect.poll(async () => {
      const { proctoring } = await detailFull(request, order);
      return [proctoring.counters.open_new_tab, proctoring.violations.some((v) => v.counter_type === 'open_new_tab' && v.section === 'structure' && v.image !== null)];
    }, { timeout: 20_000 }).toEqual([1, true]);
    expect((await detailFull(request, order)).proctoring.counters.face).toBeGreaterThanOrEqual(1);
  });

  test('two-faces: "Multi-wajah terdeteksi"', async ({ playwright, request }) => {
    const member = data.individualMembers[1]!;
    const order = await startOrder(request, member, data.individualCodes[1]!);
    await submitEmpty(request, order, 'listening');
    browser = await launch(playwright.chromium, 'two-faces');
    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'id-ID' })).newPage();
    await openSection(page, member, order.orderId, 'structure');

    const dialog = warning(page, 'Multi-wajah terdeteksi');
    await expect(dialog).toBeVisible({ timeout: DETECTION_TIMEOUT });
    await expect(dialog).toContainText('lebih dari 1 wajah');
    await dialog.getByRole('button', { name: 'Saya mengerti' }).click();
    await expect(badge(page, 'face')).toHaveText('1');
    await expect.poll(async () => (await detailFull(request, order)).proctoring.counters.face, { timeout: 20_000 }).toBe(1);
  });

  // Issue 27: a face that never moves is evidence for the reviewers, never a violation. The episode
  // is reported when monitoring stops: the test leaves the section inside the app (a popstate, as the
  // browser's back button does), so the report is not cut off by a page unload.
  async function leaveSection(page: Page): Promise<void> {
    await page.evaluate(() => {
      history.pushState(null, '', '/epot');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('camera-preview')).toHaveCount(0);
  }

  test('still-photo: a photo before the camera turns the face state "still" within seconds; no warning, a face-still episode on the server', async ({ playwright, request }) => {
    const member = data.individualMembers[2]!;
    const order = await startOrder(request, member, data.individualCodes[8]!);
    await submitEmpty(request, order, 'listening');
    browser = await launch(playwright.chromium, 'still-photo.short');
    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'id-ID' })).newPage();
    await openSection(page, member, order.orderId, 'structure');

    const preview = page.getByTestId('camera-preview');
    await expect(preview).toHaveAttribute('data-face-state', /^(ok|still)$/, { timeout: DETECTION_TIMEOUT });
    // The liveness window (8 s) after the first verdict, with room for a busy machine.
    await expect(preview).toHaveAttribute('data-face-state', 'still', { timeout: 30_000 });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(badge(page, 'face')).toHaveText('0');
    await leaveSection(page);
    // At least one episode: on a loaded machine the looping clip's seam can end one and start another.
    await expect.poll(async () => (await detailFull(request, order)).proctoring.events.filter((e) => e.kind === 'face-still').length, { timeout: 20_000 }).toBeGreaterThan(0);
    const full = await detailFull(request, order);
    for (const e of full.proctoring.events.filter((x) => x.kind === 'face-still')) expect(e).toMatchObject({ section: 'structure', duration_ms: expect.any(Number) });
    expect(full.proctoring.violations).toEqual([]);
  });

  test('poster-behind: a still face behind the candidate is no second person; it is noted as face-still-beside', async ({ playwright, request }) => {
    const member = data.individualMembers[2]!;
    const order = await startOrder(request, member, data.individualCodes[9]!);
    await submitEmpty(request, order, 'listening');
    browser = await launch(playwright.chromium, 'poster-behind.short');
    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'id-ID' })).newPage();
    await openSection(page, member, order.orderId, 'structure');

    const preview = page.getByTestId('camera-preview');
    await expect(preview).toHaveAttribute('data-face-state', 'ok', { timeout: DETECTION_TIMEOUT });
    await expect(preview).toHaveAttribute('data-still-beside', 'true', { timeout: 30_000 });
    await expect(preview).toHaveAttribute('data-face-state', 'ok');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(badge(page, 'face')).toHaveText('0');
    await leaveSection(page);
    await expect.poll(async () => (await detailFull(request, order)).proctoring.events.filter((e) => e.kind === 'face-still-beside').length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect((await detailFull(request, order)).proctoring.violations).toEqual([]);
  });

  test('face counter off, camera on (institution without identification): no face shows the "tidak stabil" snackbar, no violation', async ({ playwright, request }) => {
    const inst = data.institutions.noIdentification;
    const member = inst.members[0]!;
    const order = await startOrder(request, member, inst.codes[0]!);
    await submitEmpty(request, order, 'listening');
    browser = await launch(playwright.chromium, 'no-face');
    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'id-ID' })).newPage();
    await openSection(page, member, order.orderId, 'structure');

    await expect(page.getByTestId('unstable-snackbar')).toHaveText('Laptop yang anda gunakan untuk test tidak stabil', { timeout: DETECTION_TIMEOUT });
    // It stays while no face is seen: it follows the detector's state, which stays 'no-face'.
    await expect(page.getByTestId('camera-preview')).toHaveAttribute('data-face-state', 'no-face');
    await expect(page.getByTestId('unstable-snackbar')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(badge(page, 'face')).toHaveText('0');
    expect((await detailFull(request, order)).proctoring.violations).toEqual([]);
  });
});

test('an individual who leaves the page 3 times is warned each time and keeps testing', async ({ page, request }) => {
  test.setTimeout(150_000);
  const member = data.individualMembers[2]!;
  const order = await startOrder(request, member, data.individualCodes[2]!);
  await submitEmpty(request, order, 'listening');
  await openSection(page, member, order.orderId, 'structure');
  await allowRealFocus(page);

  // A flicker shorter than the grace is not leaving: the first real leave below is violation 1.
  await flicker(page);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  for (let n = 1; n <= 3; n++) {
    await leaveUntilCounted(page);
    const dialog = warning(page, 'Meninggalkan halaman tes terdeteksi');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Pelanggaran ke-${n} dari 3.`);
    await expect(dialog).toContainText('Peringatan ini hanya teguran');
    await dialog.getByRole('button', { name: 'Saya mengerti' }).click();
    await expect(badge(page, 'new-tab')).toHaveText(String(n));
  }
  await expect.poll(async () => (await detailFull(request, order)).proctoring.counters.open_new_tab, { timeout: 20_000 }).toBe(3);
  const detail = await detailFull(request, order);
  expect(detail.order.status).toBe('in_progress');
  expect(detail.proctoring.violations.filter((v) => v.counter_type === 'open_new_tab').every((v) => v.image !== null)).toBe(true);
  await expect(page.getByRole('alertdialog', { name: 'Anda terindikasi melakukan kecurangan' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/epot/${order.orderId}/structure$`));

  // Counters survive a reload (read back from the server).
  await page.evaluate(() => localStorage.removeItem('epot.count.open-tab'));
  await page.reload();
  await expect(badge(page, 'new-tab')).toHaveText('3', { timeout: 30_000 });
});

test('speech: 4 words in listening and 3 words in reading raise "Percakapan terdeteksi"; fewer do not', async ({ page, request }) => {
  test.setTimeout(150_000);
  const member = data.individualMembers[0]!;
  const order = await startOrder(request, member, data.individualCodes[3]!);
  await scriptSpeech(page);
  await openSection(page, member, order.orderId, 'listening');
  await expect.poll(() => say(page, '')).toBeGreaterThan(0); // listening has started

  // 3 words: not over the listening limit. Had they counted, the warning below would quote them.
  expect(await say(page, 'saya tidak tahu')).toBeGreaterThan(0);
  await say(page, 'jawabannya adalah pilihan B');
  const dialog = warning(page, 'Percakapan terdeteksi');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Terdengar: "jawabannya adalah pilihan B"');
  await dialog.getByRole('button', { name: 'Saya mengerti' }).click();
  await expect(badge(page, 'speech')).toHaveText('1');

  await submitEmpty(request, order, 'listening');
  await submitEmpty(request, order, 'structure');
  await page.goto(`/epot/${order.orderId}/reading`);
  await expect(page.getByRole('heading', { name: 'Direction: Reading Comprehension' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => say(page, '')).toBeGreaterThan(0);
  await say(page, 'ini soal sulit');
  await expect(warning(page, 'Percakapan terdeteksi')).toBeVisible();
  await warning(page, 'Percakapan terdeteksi').getByRole('button', { name: 'Saya mengerti' }).click();
  await expect(badge(page, 'speech')).toHaveText('2');

  await expect.poll(async () => (await detailFull(request, order)).proctoring.violations
    .filter((v) => v.counter_type === 'speech').map((v) => [v.section, v.text_voice]), { timeout: 20_000 })
    .toEqual([['listening', 'jawabannya adalah pilihan B'], ['reading', 'ini soal sulit']]);
});

test('an institution member with failed.new_tab on is disqualified at the third tab violation', async ({ page, request }) => {
  test.setTimeout(150_000);
  const inst = data.institutions.demo;
  const member = inst.members[0]!;
  const order = await startOrder(request, member, inst.codes[0]!);
  await submitEmpty(request, order, 'listening');
  await openSection(page, member, order.orderId, 'structure');
  await allowRealFocus(page);

  for (let n = 1; n <= 3; n++) {
    await leaveUntilCounted(page);
    const dialog = warning(page, 'Meninggalkan halaman tes terdeteksi');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Pelanggaran ke-${n} dari 3.`);
    await expect(dialog).toContainText('Tes akan dihentikan jika pelanggaran ini terjadi 3 kali.');
    await dialog.getByRole('button', { name: 'Saya mengerti' }).click();
  }
  const notice = warning(page, 'Anda terindikasi melakukan kecurangan');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('sebanyak 3 kali');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/epot\/end\?type=gugur$/);
  await expect(page.getByRole('heading', { name: 'Test telah dihentikan' })).toBeVisible();
  // The server's reason names the tabs (issue 27: face and speech get their own text).
  await expect(page.getByText('Anda terindikasi melakukan kecurangan dengan membuka tab baru sebanyak 3 kali.')).toBeVisible();

  const detail = await detailFull(request, order);
  expect(detail.order.status).toBe('disqualified');
  expect(detail.order.disqualified_reason).toBe('violations:open_new_tab');
  expect(detail.proctoring.counters.open_new_tab).toBe(3);
  for (const s of ['listening', 'structure', 'reading'] as const) expect(detail.section[s].status, s).not.toBe('open');
  expect(await page.evaluate(() => [localStorage.getItem('epot.count.open-tab'), localStorage.getItem('epot.count.face')])).toEqual([null, null]);
  // Institution members go back to /epot after 5 seconds.
  await expect(page).toHaveURL(/\/epot$/, { timeout: 10_000 });
});

test('submitting reading with fewer than 2 photos is blocked until "Ambil Gambar" takes them', async ({ page, request }) => {
  test.setTimeout(150_000);
  const member = data.individualMembers[1]!;
  const order = await startOrder(request, member, data.individualCodes[4]!);
  await submitEmpty(request, order, 'listening');
  await submitEmpty(request, order, 'structure');
  await openSection(page, member, order.orderId, 'reading');

  await page.getByRole('button', { name: 'Start Test' }).click();
  await page.getByRole('button', { name: /^Soal 50/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Ya, kirim' }).click();
  const gate = page.getByRole('alertdialog', { name: 'Foto belum lengkap' });
  await expect(gate).toContainText('Data Foto anda belum memenuhi, Silahkan klik button Ambil Gambar');

  const submitted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === api(apiPaths.order.answer));
  await gate.getByRole('button', { name: 'Ambil Gambar' }).click();
  const body = (await submitted).postDataJSON() as { images: string[]; section: string };
  expect(body.section).toBe('reading');
  expect(body.images).toHaveLength(2);
  await expect(page).toHaveURL(/\/epot\/end$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Selamat Anda telah menyelesaikan test EPOT' })).toBeVisible();
  expect((await detailFull(request, order)).order.status).toBe('completed');
});
