// Exam delivery end to end (issue 6): a candidate takes the three sections of the demo exam with a
// known answer pattern and the server stores the chart's scores for it. On the way: listening moves
// on with the audio, a reload mid-structure resumes the same question, answers and time, answers
// given offline in reading reach the server when the network returns, and a failed submission is
// sent again with 'Kirim ulang'. A second test drives the listening audio failures.
//
// The demo listening audio is ~23 minutes. The test plays it faster, from the test alone: an init
// script wraps HTMLMediaElement.play to set `playbackRate` from `window.__e2eAudioRate`. The app has
// no test hook; it still moves on only when the real audio ends.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { OrderDetailFull, SectionDetail } from '../../../contracts/exam-delivery.ts';
import type { ExamImport } from '../../../contracts/exam-import.ts';
import { loginViaUi } from '../support/accounts.ts';
import { chromiumArgs } from '../support/chromium.ts';
import { clickPlayIfAsked, setAudioRate, skipRestOfListening, slowAudioOnEachQuestion, stopSlowingAudio, takePhotosWhenAsked, withAudioRate } from '../support/candidate.ts';
import { startOrder as startTest } from '../support/orders.ts';
import { pool } from '../support/test-data.ts';

test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs('one-face') },
  // A hang guard: beside a loaded test lane on a slow host a click waited over 20 s for the page to
  // settle at the start of reading (issue 26).
  actionTimeout: 45_000,
});

const api = (p: string) => `/api${p}`;
const exam = JSON.parse(readFileSync(new URL('../../../content/demo-exam/exam.json', import.meta.url), 'utf8')) as ExamImport;
type SectionName = 'listening' | 'structure' | 'reading';

/** The demo exam's questions per section in delivery order (numbers 1..n): the right and a wrong option. */
function keyOf(section: SectionName): { right: string; wrong: string }[] {
  return exam.sections[section].parts.flatMap((p) => p.groups.flatMap((g) => g.questions.map((q) => ({
    right: q.options[q.answer]!,
    wrong: q.options[(q.answer + 1) % q.options.length]!,
  }))));
}

// The known pattern and what the reference chart (../shared/reference/scoring.md) makes of it.
type Choice = 'right' | 'wrong' | 'skip';
const pattern: Record<SectionName, (n: number) => Choice> = {
  listening: (n) => (n <= 8 ? 'right' : n <= 10 ? 'wrong' : 'skip'), // raw 8  -> 32
  structure: (n) => (n <= 30 ? 'right' : n <= 35 ? 'wrong' : 'skip'), // raw 30 -> 54
  reading: (n) => (n <= 43 ? 'right' : n <= 47 ? 'wrong' : 'skip'), // raw 43 -> 58
};
const expected = { raw: { listening: 8, structure: 30, reading: 43 }, converted: { listening: 32, structure: 54, reading: 58 }, total: 480 };

/**
 * The pool's licence codes are single-use: each test takes its own, and a retry or a repeat
 * (`--repeat-each`) the next pair.
 */
function licenceCode(which: 0 | 1): string {
  const { repeatEachIndex, retry } = test.info();
  const code = pool('exam').individualCodes[(repeatEachIndex + retry) * 2 + which];
  if (!code) throw new Error('the exam pool has no licence code left for this run');
  return code;
}


async function sectionDetail(request: APIRequestContext, token: string, orderId: string, section: SectionName): Promise<SectionDetail> {
  const res = await request.get(api(fillPath(apiPaths.order.sectionDetail, { id: orderId, section })), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: SectionDetail }).data;
}

const question = (page: Page, n: number) => page.locator(`[data-testid="question"][data-number="${n}"]`);

async function answer(page: Page, section: SectionName, n: number): Promise<void> {
  const choice = pattern[section](n);
  if (choice === 'skip') return;
  const radio = page.getByRole('radio', { name: keyOf(section)[n - 1]![choice], exact: true });
  // The input is visually hidden inside its label: click the label, as a candidate does.
  await question(page, n).locator('label').filter({ has: radio }).click();
  await expect(question(page, n).locator(radio)).toBeChecked();
}

const seconds = (clock: string) => clock.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);




test('a candidate takes all three sections; scores, resume, offline answers and resend hold', async ({ page, context, request }) => {
  // A hang guard: 126 s on one host, 3.9-5 min on a slower one of the same kind (issue 26).
  test.setTimeout(900_000);
  const data = pool('exam');
  const member = data.individualMembers[0]!;
  const { token, orderId } = await startTest(request, member, licenceCode(0));
  await withAudioRate(page, 8);
  await slowAudioOnEachQuestion(page);
  await takePhotosWhenAsked(page);
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);

  // ---- listening: the screen moves on with the audio; earlier questions are gone ------------------
  // The page slows the audio as each question appears (slowAudioOnEachQuestion); after answering,
  // the test speeds it up to move on.
  await page.goto(`/epot/${orderId}/listening`);
  await clickPlayIfAsked(page);
  await expect(page.getByRole('heading', { name: 'Direction: Part A' })).toBeVisible();
  await expect(page.getByTestId('exam-timer')).toHaveText(/^00:(2\d|3\d):\d\d$/); // audio ~23 min + 5 min + allowance
  const item = page.getByTestId('listening-item');
  for (let n = 1; n <= 10; n++) {
    await expect(question(page, n)).toBeVisible({ timeout: 30_000 });
    await answer(page, 'listening', n);
    await expect(question(page, n).getByRole('radio', { checked: true })).toHaveCount(1);
    if (n > 1) await expect(question(page, n - 1)).toHaveCount(0); // moved on by itself, no going back
    await setAudioRate(page, 8);
  }
  expect(Number(await item.getAttribute('data-index'))).toBeGreaterThanOrEqual(10); // direction + 10 items, no clicks
  await expect(page.getByText('Soal yang sudah lewat tidak dapat dibuka kembali.').first()).toBeVisible();
  await expect(page.getByTestId('count-answered')).toHaveText('10');
  await expect(page.getByRole('button', { name: /^Soal 1, sudah dijawab/ })).toBeDisabled();
  await stopSlowingAudio(page);
  await skipRestOfListening(page);

  // The rest of listening: ~50 items each loaded, played and skipped; over 4 minutes on a slow busy host.
  await expect(page.getByRole('heading', { name: 'Section berikutnya: Section 2' })).toBeVisible({ timeout: 480_000 });
  await expect(page.getByText('Structure and Written Expression')).toBeVisible();
  await expect(page.getByText('25 minutes · 40 questions')).toBeVisible();
  await page.getByRole('button', { name: 'Lanjutkan' }).click();

  // ---- structure: direction per part, one question at a time, reload resumes ------------------------
  await expect(page).toHaveURL(new RegExp(`/epot/${orderId}/structure$`));
  await expect(page.getByRole('heading', { name: 'Direction: Structure' })).toBeVisible();
  await expect(page.getByTestId('exam-timer')).toHaveText(/^00:2[45]:\d\d$/);
  await page.getByRole('button', { name: 'Start Test' }).click();

  for (let n = 1; n <= 40; n++) {
    if (n === 16) {
      await expect(page.getByRole('heading', { name: 'Direction: Written Expression' })).toBeVisible();
      await page.getByRole('button', { name: 'Start Test' }).click();
    }
    await expect(question(page, n)).toBeVisible();
    if (n === 16) await expect(question(page, 16).locator('u')).toHaveCount(4); // the underlined, lettered parts
    if (n === 20) {
      const before = seconds((await page.getByTestId('exam-timer').textContent())!);
      const at = Date.now();
      // Reloading is a way of leaving: the browser asks first.
      const asked = new Promise<string>((resolve) => page.once('dialog', (d) => { resolve(d.type()); void d.accept(); }));
      await page.reload();
      expect(await asked).toBe('beforeunload');
      await expect(question(page, 20)).toBeVisible();
      await expect(page.getByTestId('count-answered')).toHaveText('19');
      await expect(page.getByRole('button', { name: 'Soal 20, soal saat ini' })).toBeVisible();
      await page.getByRole('button', { name: /^Soal 19/ }).click();
      await expect(question(page, 19).getByRole('radio', { name: keyOf('structure')[18]!.right, exact: true })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      const after = seconds((await page.getByTestId('exam-timer').textContent())!);
      expect(Math.abs(before - Math.round((Date.now() - at) / 1000) - after)).toBeLessThanOrEqual(2);
    }
    await answer(page, 'structure', n);
    if (n < 40) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(page.getByTestId('count-answered')).toHaveText('35');
  await expect(page.getByTestId('count-unanswered')).toHaveText('5');

  // The first submission fails on the server: 'Peringatan' with its message, and 'Kirim ulang' works.
  let failed = 0;
  await page.route((url) => url.pathname === api(apiPaths.order.answer), async (route) => {
    if (route.request().method() === 'POST' && failed++ === 0) {
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, message: 'Server sedang sibuk' }) });
    } else {
      await route.continue();
    }
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Kirim jawaban?' })).toContainText('Masih ada 5 soal yang belum dijawab.');
  await page.getByRole('button', { name: 'Ya, kirim' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Peringatan' });
  await expect(warning).toContainText('Server sedang sibuk');
  await warning.getByRole('button', { name: 'Kirim ulang' }).click();
  await expect(page.getByRole('heading', { name: 'Section berikutnya: Section 3' })).toBeVisible();
  await expect(page.getByText('55 minutes · 50 questions')).toBeVisible();
  await expect(page.getByTestId('auto-continue')).toContainText(/Lanjut otomatis dalam (1[0-2]|[1-9]) detik/);
  await page.unroute((url) => url.pathname === api(apiPaths.order.answer));
  expect(failed).toBe(2);

  // ---- reading: passage with each question; offline answers are kept and sent later ----------------
  await page.getByRole('button', { name: 'Lanjutkan' }).click();
  await expect(page).toHaveURL(new RegExp(`/epot/${orderId}/reading$`));
  await expect(page.getByRole('heading', { name: 'Direction: Reading Comprehension' })).toBeVisible();
  await expect(page.getByTestId('exam-timer')).toHaveText(/^00:5[45]:\d\d$/);
  await page.getByRole('button', { name: 'Start Test' }).click();
  for (let n = 1; n <= 50; n++) {
    await expect(question(page, n)).toBeVisible();
    if (n === 1) await expect(page.getByRole('article', { name: 'Passage' })).toContainText('Tempeh');
    if (n === 14) {
      // Chaos drill (issue 9): the browser loses the network mid-section, for as long as it takes
      // an autosave to fail (the outage's length is the chaos tests' concern: tests/chaos). Two
      // answers, not five: on a slow host five took the outage past the 50 s after which the server
      // may count a silence as a proctoring gap (its autosave record is per minute), and the
      // evidence below came out 'pending_review' (issue 26).
      await context.setOffline(true);
      await expect(page.getByText(/Koneksi internet terputus/)).toBeVisible();
    }
    await answer(page, 'reading', n);
    if (n === 15) {
      // The autosave after the quiet second is sent and fails offline; then the network comes back.
      await page.waitForEvent('requestfailed', { predicate: (r) => new URL(r.url()).pathname === api(apiPaths.order.answerDraft), timeout: 20_000 });
      await context.setOffline(false);
      await expect.poll(async () => {
        const d = await sectionDetail(request, token, orderId, 'reading');
        const byNumber = new Map(d.exam.parts.flatMap((p) => p.question_list.flatMap((l) => l.list_question)).map((q) => [q.number, q.selected_answer]));
        return [14, 15].map((k) => byNumber.get(k));
      }, { timeout: 20_000 }).toEqual([14, 15].map((k) => keyOf('reading')[k - 1]!.right));
    }
    if (n < 50) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Ya, kirim' }).click();

  await expect(page).toHaveURL(/\/epot\/end$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Selamat Anda telah menyelesaikan test EPOT' })).toBeVisible();

  // ---- the stored scores are the chart's values for the pattern -------------------------------------
  const full = await request.get(api(fillPath(apiPaths.order.detailFull, { id: orderId })), { headers: { authorization: `Bearer ${token}` } });
  expect(full.status()).toBe(200);
  const detail = ((await full.json()) as { data: OrderDetailFull }).data;
  for (const s of ['listening', 'structure', 'reading'] as const) {
    expect(detail.section[s], s).toMatchObject({ status: 'submitted', raw_correct: expected.raw[s], converted: expected.converted[s] });
  }
  expect(detail.order).toMatchObject({ status: 'completed', total_score: expected.total, level: 'Upper intermediate' });
  // Issue 27: the browser's proctoring (photos, heartbeats) is all the evidence the server requires.
  expect(detail.evidence_status).toBe('complete');

  // Individuals go on to /reward after 5 seconds.
  await expect(page).toHaveURL(/\/reward$/, { timeout: 10_000 });
});

test('listening audio failures: retries, the 3x help message, offline, and recovery', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const data = pool('exam');
  const member = data.individualMembers[1]!;
  const { orderId } = await startTest(request, member, licenceCode(1));
  await withAudioRate(page, 1);
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);

  const media = (url: URL) => url.pathname.startsWith(api('/storage/v1/media/file/'));
  await page.route(media, (route) => route.abort('connectionfailed'));
  await page.goto(`/epot/${orderId}/listening`);
  await expect(page.getByText('Perangkat gagal mengakses audio Section Listening').first()).toBeVisible({ timeout: 30_000 });
  const help = page.getByTestId('audio-failed');
  await expect(help).toContainText('Perangkat anda gagal Mengakses Audio Listening Sebanyak 3x', { timeout: 30_000 });
  await expect(help).toContainText('private');
  await expect(help.getByRole('button', { name: 'Kembali ke beranda' })).toBeVisible();
  // The clock stands still while the audio cannot play.
  // Proving that nothing changes takes time by nature: the page's own clock runs on for over two of
  // the timer's ticks (a slow machine only makes the check stricter).
  const frozen = await page.getByTestId('exam-timer').textContent();
  const since = await page.evaluate(() => performance.now());
  await page.waitForFunction((t0) => performance.now() - t0 > 2_200, since);
  await expect(page.getByTestId('exam-timer')).toHaveText(frozen!);

  await page.unroute(media);
  await help.getByRole('button', { name: 'Coba lagi' }).click();
  await clickPlayIfAsked(page);
  await expect(help).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Direction: Part A' })).toBeVisible();
  await expect.poll(async () => page.getByTestId('listening-audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);

  // Going offline is the same error state; the network coming back plays on.
  await context.setOffline(true);
  await expect(help).toContainText('Perangkat gagal mengakses audio Section Listening');
  await context.setOffline(false);
  await clickPlayIfAsked(page);
  await expect(help).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Direction: Part A' })).toBeVisible();
});
