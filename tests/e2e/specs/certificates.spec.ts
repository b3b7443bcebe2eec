// Certificates end to end (issue 8) on a side server of its own: the courier webhook needs
// COURIER_WEBHOOK_SECRET in the server's environment, and revocation is an operator CLI command,
// which can only open the PGlite folder while that server is stopped (it is stopped, revoked and
// started again). The test itself is taken through the API (redeem, consent, start, three
// sections with a known answer pattern); everything after that is checked in the browser.
import { createDiskStore } from '../../../server/services/media/disk-store.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo-seed.ts';
import { signCourierBody } from '../../../server/services/certificates/courier-signature.ts';
import { pdfQrText, pdfText } from '../../server-helpers/pdf.ts';
import { SideServer } from '../support/side-server.ts';
import { takeTestViaApi } from '../support/staff.ts';
import { systemClock } from '../../../server/services/platform/clock.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { chromiumArgs } from '../support/chromium.ts';

const SECRET = 'e2e-courier-secret-2026';
/** What a verifier sees (docs/screenshots), written only when asked: EPOT_DOC_SCREENSHOTS=1. */
const docShot = async (page: Page, name: string) => {
  if (process.env.EPOT_DOC_SCREENSHOTS) await page.screenshot({ path: fileURLToPath(new URL(`../../../docs/screenshots/${name}`, import.meta.url)), fullPage: true });
};
const DEMO = { email: 'demo@epot.local', password: DEMO_PASSWORD, fullname: 'Demo Peserta' };
test.describe.configure({ mode: 'serial' });

const side = new SideServer({ env: { COURIER_WEBHOOK_SECRET: SECRET } });
let base = '';
let orderId = '';
let orderNo = '';
let number = '';
/** The signed credential in the certificate's QR (issue 28). */
let jws = '';
/** The side server's own unredeemed individual licence codes. */
let codes: string[] = [];

const api = (p: string) => `${base}/api${p}`;

async function takeTest(request: APIRequestContext): Promise<void> {
  const login = await request.post(api(apiPaths.member.login), { data: { access_key: 'epot-public-demo-key', provider: 'email', email: DEMO.email, password: DEMO.password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  // 30/28/43 right -> 51/52/58 -> 537, Advanced (../shared/reference/scoring.md worked check).
  ({ orderId, orderNo } = await takeTestViaApi(request, token, codes[0]!, base));
}

async function loginUi(page: Page): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${base}/epot`);
}

const rowOf = (page: Page) => page.getByTestId('certificate-row').filter({ hasText: orderNo });


test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The demo accounts and the demo exam (its audio into this server's media store).
  const database = await openDatabase({ dataDir: side.dataDir });
  try {
    await database.migrate();
    codes = (await seedDemo(database.db, { store: createDiskStore(side.dataDir), clock: systemClock }))!.individualCodes;
  } finally {
    await database.close();
  }
  base = await side.start();
});
test.afterAll(async () => { await side.dispose(); });

test('after a completed test the certificate is in /reward with the score; its PDF holds name, scores and level, and its QR opens the verification', async ({ page, request }) => {
  await takeTest(request);
  await loginUi(page);
  await page.getByRole('link', { name: 'Sertifikat' }).click();
  await expect(page).toHaveURL(`${base}/reward`);
  const row = rowOf(page);
  await expect(row.getByTestId('certificate-score')).toHaveText('537');
  await expect(row).toContainText('Belum ada resi');
  await expect(row).toContainText('Dijadwalkan');
  await expectNoAxeViolations(page, 'certificate list');

  // The view link opens the PDF at its signed URL in a new window (rendered or downloaded, the
  // request is the same): read the file from there.
  const pdfRequest = page.context().waitForEvent('request', (r) => r.url().includes('/api/storage/v1/media/file/'));
  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: `Lihat sertifikat order ${orderNo}` }).click();
  await popup;
  const res = await request.get((await pdfRequest).url());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const pdf = await res.body();
  const text = await pdfText(pdf);
  for (const s of [DEMO.fullname, '10 Januari 1990', '30 / 51', '28 / 52', '43 / 58', '101 of 140', '537', 'Advanced', 'B1']) expect(text).toContain(s);
  number = /Certificate number: (EPOT-[2-9A-HJ-NP-Z]{12})/.exec(text)![1]!;

  // Issue 28: the QR (decoded from the page as printed) holds the verify page and, in its fragment,
  // the signed credential; the page checks the signature in the browser.
  const qr = await pdfQrText(pdf);
  expect(qr).toMatch(new RegExp(`^${base}/verify/${number}#[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
  jws = qr!.split('#')[1]!;
  // The verification page is public: a fresh browser context with no session.
  const guest = await page.context().browser()!.newContext();
  try {
    const verify = await guest.newPage();
    await verify.goto(qr!);
    await expect(verify.getByRole('heading', { level: 1 })).toHaveText('Verifikasi Sertifikat');
    const verdict = verify.locator('[data-signature]');
    await expect(verdict).toHaveAttribute('data-signature', 'valid');
    await expect(verdict).toHaveAttribute('data-revocation', 'valid');
    await expect(verify.getByTestId('signature-status')).toContainText('Tanda tangan digital sah, diterbitkan oleh EPOT');
    await expect(verify.getByTestId('certificate-number')).toHaveText(number);
    await expect(verify.getByTestId('certificate-total')).toHaveText('537');
    await expect(verify.getByText(DEMO.fullname)).toBeVisible();
    await expect(verify.getByText(DEMO.email)).toHaveCount(0);
    await expectNoAxeViolations(verify, 'verification page');
    await docShot(verify, 'verify-valid.png');

    // Offline: once the service worker controls the page (it keeps the shell and our keys), the
    // network to the server is cut; the signature still checks, revocation is said to be unknown.
    await verify.evaluate(async () => { await navigator.serviceWorker.ready; });
    await verify.reload();
    await expect.poll(() => verify.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(verdict).toHaveAttribute('data-revocation', 'valid');
    await guest.setOffline(true);
    await verify.reload();
    await expect(verdict).toHaveAttribute('data-signature', 'valid');
    await expect(verdict).toHaveAttribute('data-revocation', 'unknown');
    await expect(verify.getByTestId('revocation-status')).toContainText('server EPOT tidak dapat dihubungi (luring)');
    await expect(verify.getByTestId('certificate-total')).toHaveText('537');
    await docShot(verify, 'verify-offline.png');
    await guest.setOffline(false);

    // One score changed in the payload, header and signature kept: invalid, and said loudly.
    const [h, payload, sig] = jws.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { s: number[] };
    claims.s[0] = 68;
    await verify.goto(`${base}/verify/${number}#${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`);
    await verify.reload();
    await expect(verdict).toHaveAttribute('data-signature', 'invalid');
    await expect(verify.getByTestId('signature-status')).toContainText('TIDAK sah');
    await expect(verify.getByRole('heading', { name: 'Data yang tertulis di kode QR (TIDAK terverifikasi)' })).toBeVisible();
    await docShot(verify, 'verify-tampered.png');

    await verify.goto(`${base}/verify/EPOT-ZZZZZZZZZZZZ`);
    await expect(verify.getByRole('heading', { name: 'Sertifikat tidak ditemukan' })).toBeVisible();
  } finally {
    await guest.close();
  }
});

test('scan mode: the camera reads the QR and the page verifies its credential, decoded in a worker', async ({ browserName }) => {
  test.skip(browserName !== 'chromium', 'fake camera flags are Chromium\'s');
  // The QR as a phone would see it: drawn on a white 640x480 frame, fed to Chromium's fake camera.
  const work = mkdtempSync(join(tmpdir(), 'epot-e2e-scan-'));
  try {
    const png = join(work, 'qr.png');
    const y4m = join(work, 'qr.y4m');
    writeFileSync(png, await QRCode.toBuffer(`${base}/verify/${number}#${jws}`, { errorCorrectionLevel: 'M', margin: 4, width: 460 }));
    execFileSync('ffmpeg', ['-loglevel', 'error', '-loop', '1', '-i', png, '-t', '1', '-r', '10', '-vf', 'pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p', y4m]);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs(), `--use-file-for-fake-video-capture=${y4m}`] });
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${base}/verify/${number}`);
      await expect(page.getByTestId('certificate-status')).toBeVisible();
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));
      const native = await page.evaluate(() => 'BarcodeDetector' in globalThis);
      await page.getByRole('button', { name: 'Pindai QR' }).click();
      await expect(page).toHaveURL(new RegExp(`/verify/${number}#`));
      await expect(page.locator('[data-signature]')).toHaveAttribute('data-signature', 'valid');
      await expect(page.getByTestId('certificate-total')).toHaveText('537');
      // Debian Chromium has no BarcodeDetector: the frames went to the decoder worker.
      if (!native) expect(workers.some((u) => u.includes('qr-decoder'))).toBe(true);
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('tracking shows the history a signed courier webhook appended; an unsigned call is refused', async ({ page, request }) => {
  const event = {
    event_id: `evt-${orderNo}-1`, order_no: orderNo, waybill_id: 'JNE0012345678', status: 'picked_up',
    note: 'Paket dijemput kurir JNE', updated_at: new Date().toISOString(), courier: { company: 'JNE', name: 'Budi', phone: '0811111111' },
  };
  const body = JSON.stringify(event);
  const unsigned = await request.post(api(apiPaths.webhooks.courier), { headers: { 'content-type': 'application/json' }, data: body });
  expect(unsigned.status()).toBe(401);
  const forged = await request.post(api(apiPaths.webhooks.courier), { headers: { 'content-type': 'application/json', 'x-signature': signCourierBody('not-the-secret-at-all', body) }, data: body });
  expect(forged.status()).toBe(401);
  for (let i = 0; i < 2; i++) {
    // Sent twice (a courier retry): the history gets it once.
    const signed = await request.post(api(apiPaths.webhooks.courier), { headers: { 'content-type': 'application/json', 'x-signature': signCourierBody(SECRET, body) }, data: body });
    expect(signed.status(), await signed.text()).toBe(200);
  }

  await loginUi(page);
  await page.goto(`${base}/reward`);
  const row = rowOf(page);
  await expect(row).toContainText('Dijemput kurir');
  await row.getByRole('link', { name: 'JNE0012345678' }).click();
  await expect(page).toHaveURL(`${base}/certificate/${orderId}/tracking`);
  await expect(page.getByRole('heading', { name: 'Lacak Pengiriman' })).toBeVisible();
  await expect(page.getByTestId('tracking-status')).toHaveText('Dijemput kurir');
  const history = page.getByTestId('tracking-history').getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('Sertifikat cetak dijadwalkan dikirim');
  await expect(history.nth(1)).toContainText('Paket dijemput kurir JNE');
  await expectNoAxeViolations(page, 'tracking page');
  await page.getByRole('button', { name: 'Kembali' }).click();
  await expect(page).toHaveURL(`${base}/reward`);

  // The sample layout and the verification address format (spec screen 19).
  await page.goto(`${base}/viewer`);
  await expect(page.getByRole('figure', { name: 'Contoh sertifikat EPOT' })).toContainText('Predicted TOEFL score');
  await expect(page.getByTestId('verify-format')).toHaveText(`${base}/verify/<nomor sertifikat>`);
  await expectNoAxeViolations(page, 'viewer page');
});

test('a certificate revoked with the operator CLI shows revoked on the verification page', async ({ page }) => {
  await side.stop();
  const out = await side.admin(['certificate', 'revoke', number, '--reason', 'Pemeriksaan ulang rekaman pengawasan']);
  expect(out.join('\n')).toContain(`revoked ${number}`);
  base = await side.start();
  await page.goto(`${base}/verify/${number}`);
  await expect(page.getByTestId('certificate-status')).toHaveText('Dicabut');
  await expect(page.getByText('Sertifikat ini telah dicabut dan tidak berlaku lagi.')).toBeVisible();
  await expect(page.getByTestId('certificate-total')).toHaveText('537');
  // The QR's credential (issue 28): its signature is still genuine, and online the page says revoked.
  await page.goto(`${base}/verify/${number}#${jws}`);
  await page.reload();
  const verdict = page.locator('[data-signature]');
  await expect(verdict).toHaveAttribute('data-signature', 'valid');
  await expect(verdict).toHaveAttribute('data-revocation', 'revoked');
  await expect(page.getByTestId('revocation-status')).toHaveText('Sertifikat ini telah dicabut dan tidak berlaku lagi.');
  await docShot(page, 'verify-revoked.png');
});
