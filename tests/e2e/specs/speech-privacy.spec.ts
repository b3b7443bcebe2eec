// Speech detection on the device (issue 19) end to end: Chromium's fake microphone plays
// tests/fixtures/out/audio/mic-speech.wav (espeak-ng, five Indonesian words, looped) and the fake
// camera one face. No SpeechRecognition is scripted: this Chromium has no on-device id-ID pack and
// cloud recognition is not allowed, so the app must use its voice-activity detector (worker +
// AudioWorklet). Every request to a host other than the server is aborted, and every request the
// page and its workers make is recorded: the device check's microphone step and the listening
// section's speech detection must work, and no audio may leave the browser.
import { expect, test, type Browser, type Request } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { OrderDetailFull } from '../../../contracts/exam-delivery.ts';
import { loginViaUi } from '../support/accounts.ts';
import { next, step, throughAudioToVideo } from '../support/candidate.ts';
import { chromiumArgs } from '../support/chromium.ts';
import { prepareOrder } from '../support/orders.ts';
import { pool } from '../support/test-data.ts';

const data = pool('privacy');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEARD = /Suara terdeteksi \(±\d+ kata\)/;
/** Magic bytes of audio containers: RIFF (WAV), OggS, EBML (WebM), fLaC, ID3 (MP3). */
const AUDIO_MAGIC = ['RIFF', 'OggS', '\x1a\x45\xdf\xa3', 'fLaC', 'ID3'];

function carriesAudio(req: Request): boolean {
  const type = req.headers()['content-type'] ?? '';
  const body = req.postDataBuffer();
  const head = body ? body.subarray(0, 4).toString('latin1') : '';
  return type.startsWith('audio/') || type.startsWith('video/') || AUDIO_MAGIC.some((m) => head.startsWith(m));
}

test.describe('speech detection stays on the device', () => {
  test.setTimeout(480_000);
  let browser: Browser | undefined;
  test.afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  test('the microphone step and the listening section detect speech with other hosts blocked; no audio is sent', async ({ playwright, request }) => {
    const base = new URL(process.env.E2E_BASE_URL!).origin;
    const member = data.individualMembers[0]!;
    const order = await prepareOrder(request, member, data.individualCodes[0]!);
    browser = await playwright.chromium.launch({ executablePath, args: chromiumArgs('one-face', 'mic-speech') });
    const context = await browser.newContext({ baseURL: base, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    const sent: Request[] = [];
    const blocked: string[] = [];
    context.on('request', (req) => sent.push(req));
    await context.route('**/*', (route) => {
      if (new URL(route.request().url()).origin === base) return route.continue();
      blocked.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await loginViaUi(page, member.email, member.password);
    await expect(page).toHaveURL(/\/epot$/);
    await page.goto(`/epot/${order.orderId}/device-check`);

    await throughAudioToVideo(page);
    await expect(page.getByTestId('camera-status')).toHaveText('Kamera berhasil mendeteksi wajah dengan baik', { timeout: 150_000 });
    await expect(next(page)).toBeEnabled({ timeout: 20_000 });
    await next(page).click();
    await expect(step(page, 'microphone')).toHaveAttribute('aria-current', 'step');
    await page.getByRole('button', { name: 'Nyalakan Mikrofon' }).click();
    // The detector (WebRTC's VAD, WASM) loads in the worker, then the looped sentence is heard as a speech segment.
    await expect(page.getByTestId('heard-sentences').getByText(HEARD).first()).toBeVisible({ timeout: 120_000 });
    const start = page.getByRole('button', { name: 'Mulai Test' });
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page).toHaveURL(new RegExp(`/epot/${order.orderId}/listening$`));

    // Listening: five words (estimated 4-7) are over its limit of 3: "Percakapan terdeteksi".
    const dialog = page.getByRole('alertdialog', { name: 'Percakapan terdeteksi' });
    await expect(dialog).toBeVisible({ timeout: 120_000 });
    await expect(dialog).toContainText(HEARD);
    await dialog.getByRole('button', { name: 'Saya mengerti' }).click();
    const detail = async () => {
      const res = await request.get(`/api${fillPath(apiPaths.order.detailFull, { id: order.orderId })}`, { headers: { authorization: `Bearer ${order.token}` } });
      return ((await res.json()) as { data: OrderDetailFull }).data;
    };
    await expect.poll(async () => (await detail()).proctoring.violations.filter((v) => v.counter_type === 'speech')
      .map((v) => [v.section, HEARD.test(v.text_voice ?? '')]), { timeout: 30_000 }).toContainEqual(['listening', true]);

    // Nothing went to another host, nothing was even tried, and no request carried audio.
    expect(blocked).toEqual([]);
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.filter((r) => !r.url().startsWith('data:') && !r.url().startsWith('blob:') && new URL(r.url()).origin !== base).map((r) => r.url())).toEqual([]);
    expect(sent.filter(carriesAudio).map((r) => r.url())).toEqual([]);
    // The detector's own assets came from our server.
    expect(sent.map((r) => new URL(r.url()).pathname)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/fvad-[\w-]+\.wasm$/), '/worklets/speech-frames.js']));
  });
});
