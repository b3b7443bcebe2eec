// Accessibility end to end (issue 18): a candidate with ×1.5 extra time (granted before the run
// with `npm run admin -- accommodations set`, tests/e2e/support/prepare-data.ts) takes the whole
// test with the keyboard alone — login, test list, preparation, specification, device check, the
// three sections, the end page. On the way: every Tab stop shows a focus ring and focus is never
// dropped after a page, question or dialog change; dialogs trap and return focus; the question
// grid is one tab stop moved with the arrow keys; the accessible names, roles and live regions are
// asserted with aria snapshots; axe (WCAG 2.2 A/AA) finds nothing on each screen; the three
// section screens reflow at 400% and 200% zoom of 1280x720; the extra time shows on the
// preparation page and under the timer, and the server's deadlines include it.
//
// Mouse-free: after page.goto('/'), the test only presses keys (the fake camera and a scripted
// speech recogniser stand in for the candidate's devices, as in the device-check spec).
import { expect, test, type Page } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { SectionDetail } from '../../../contracts/exam-delivery.ts';
import { loginViaApi } from '../support/accounts.ts';
import { chromiumArgs } from '../support/chromium.ts';
import { scriptSpeech, SENTENCE, setAudioRate, skipRestOfListening, withAudioRate } from '../support/candidate.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { activate, expectFocusKept, expectFocusVisible, expectReflow, tabTo } from '../support/keyboard.ts';
import { leaveUntilCounted } from '../support/leave-page.ts';
import { pool, testData } from '../support/test-data.ts';

test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs('one-face') },
  actionTimeout: 20_000,
  viewport: { width: 1280, height: 720 },
});

const data = pool('accessibility');
const question = (page: Page, n: number) => page.locator(`[data-testid="question"][data-number="${n}"]`);
/** An option as drawn: react-aria's radio input is visually hidden inside its label. */
const option = (page: Page, n: number) => question(page, n).locator('label').filter({ has: page.getByRole('radio') }).first();
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

/** Individuals need two photos before a submission: the gate's button has focus; Enter takes them. */
async function photosByKeyboard(page: Page): Promise<void> {
  const gate = page.getByRole('alertdialog', { name: 'Foto belum lengkap' });
  await page.addLocatorHandler(gate, async () => {
    await expect(gate.getByRole('button', { name: 'Ambil Gambar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(gate).toHaveCount(0, { timeout: 20_000 });
  });
}

/** Leaving the page really blurs it (see proctoring.spec.ts): another page of the context comes to the front. */
async function leavePage(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  await leaveUntilCounted(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
}

async function serverSection(page: Page, orderId: string, section: 'structure' | 'reading'): Promise<SectionDetail> {
  const token = await loginViaApi(page.request, data.individualMembers[0]!.email, data.individualMembers[0]!.password);
  const res = await page.request.get(`/api${fillPath(apiPaths.order.sectionDetail, { id: orderId, section })}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: SectionDetail }).data;
}

async function loginAndList(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'login');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/epot$/);
  // A page change puts focus on the new page's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Test EPOT' })).toBeFocused();
  await expectNoAxeViolations(page, 'test list');
}

async function preparation(page: Page): Promise<void> {
  await activate(page, button(page, 'Mulai test EPOT'));
  await expect(page).toHaveURL(/\/epot\/preparation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perhatian' })).toBeFocused();
  await expect(page.getByTestId('extra-time')).toHaveText(/waktu tambahan ×1,5 untuk setiap section/);
  await expect(page.getByRole('heading', { level: 2, name: 'Waktu tambahan' })).toBeVisible();
  await expectNoAxeViolations(page, 'preparation');
  // The rules, then (issue 19) the separate consent to the camera's photos.
  for (const name of [/Saya telah membaca dan menyetujui/, /Saya setuju foto wajah saya diambil/]) {
    await activate(page, page.getByRole('checkbox', { name }), 'Space');
    await expect(page.getByRole('checkbox', { name })).toBeChecked();
  }
  await activate(page, button(page, 'Mulai test EPOT'));
  await expect(page.getByRole('heading', { level: 1, name: 'Spesifikasi Perangkat' })).toBeFocused();
  await expectNoAxeViolations(page, 'specification');
  await activate(page, button(page, 'Lanjutkan Pengecekan'));
}

async function deviceCheck(page: Page): Promise<void> {
  const next = button(page, 'Lanjutkan');
  await expect(page.getByRole('heading', { level: 1, name: 'Audio' })).toBeVisible();
  await expectFocusKept(page);
  await expectNoAxeViolations(page, 'device check, audio');
  await activate(page, next);
  await activate(page, button(page, 'Putar Suara Contoh'));
  await expect(page.getByText(/Suara contoh sudah diputar|Suara contoh sedang diputar/)).toBeVisible();
  await activate(page, next);
  await expectFocusKept(page);
  await activate(page, next); // the camera hint
  await expectNoAxeViolations(page, 'device check, camera');
  // The detector's verdict; on a loaded machine it may call the laptop unstable, and the
  // candidate continues anyway from the alert dialog, by keyboard as well.
  const failed = page.getByRole('alertdialog', { name: 'Perangkat Kamera Anda Tidak dapat Bekerja dengan baik' });
  await expect.poll(async () => await failed.isVisible() || await next.isEnabled(), { timeout: 240_000, intervals: [1_000] }).toBe(true);
  if (await failed.isVisible()) {
    await expectNoAxeViolations(page, 'device check, camera failure dialog');
    await activate(page, failed.getByRole('button', { name: 'Tetap Lanjutkan' }));
    await expect(failed).toHaveCount(0);
  } else {
    await activate(page, next);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Mikrofon' })).toBeVisible();
  await expectFocusKept(page);
  await activate(page, button(page, 'Nyalakan Mikrofon'));
  await expect(page.getByTestId('heard-sentences').getByText(SENTENCE)).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'device check, microphone');
  await activate(page, button(page, 'Mulai Test'));
}

async function listening(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/listening$/);
  const play = button(page, 'Putar audio');
  const direction = page.getByRole('heading', { name: 'Direction: Part A' });
  await expect(play.or(direction)).toBeVisible({ timeout: 30_000 });
  if (await play.isVisible()) await activate(page, play);
  await expect(direction).toBeVisible();
  // The audio is slowed while the checks below look at one item, and sped up to move on: the
  // direction and the first question stay on screen for as long as the checks need.
  await setAudioRate(page, 0.25);
  await expect(page.getByRole('timer', { name: 'Sisa waktu' })).toHaveText(/^00:[34]\d:\d\d$/);
  await expect(page.getByTestId('exam-extra-time')).toHaveText('Termasuk waktu tambahan ×1,5');
  await expectNoAxeViolations(page, 'listening, direction');
  // A warning opens over the direction and the audio moves on to the first question meanwhile:
  // the alert dialog has focus; when it closes, what it would give focus back to (the direction's
  // heading) is gone, and the first question's heading takes focus instead of <body>.
  await leavePage(page);
  const warning = page.getByRole('alertdialog', { name: 'Meninggalkan halaman tes terdeteksi' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning.getByRole('button', { name: 'Saya mengerti' })).toBeFocused();
  await expect(direction).toBeAttached();
  await setAudioRate(page, 2);
  await expect(question(page, 1)).toBeAttached({ timeout: 60_000 });
  await setAudioRate(page, 0.25);
  await page.keyboard.press('Enter');
  await expect(warning).toHaveCount(0);
  await expect(question(page, 1).getByRole('heading', { name: 'Soal 1' })).toBeFocused();
  await expect(page.getByTestId('violations-new-tab')).toHaveText('1');
  // What a screen reader hears of the question: its number, its text, the options, none chosen.
  await expect(question(page, 1)).toMatchAriaSnapshot(`
    - heading "Soal 1" [level=2]
    - paragraph: /\\w+/
    - radiogroup "Pilihan jawaban soal 1":
      - radio /\\w+/ [checked=false]
      - radio /\\w+/ [checked=false]
      - radio /\\w+/ [checked=false]
      - radio /\\w+/ [checked=false]
    - paragraph: Soal yang sudah lewat tidak dapat dibuka kembali.
  `);
  await activate(page, question(page, 1).getByRole('radio').first(), 'Space');
  await expect(question(page, 1).getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(question(page, 1).getByRole('radiogroup')).toMatchAriaSnapshot(`
    - radiogroup "Pilihan jawaban soal 1":
      - radio [checked]
      - radio [checked=false]
      - radio [checked=false]
      - radio [checked=false]
  `);
  await expectNoAxeViolations(page, 'listening, question');
  await expectReflow(page, 'listening', [page.getByRole('timer'), option(page, 1)]);
  // Focus was on the answered option: the next question's heading takes it when the audio moves on.
  await setAudioRate(page, 8);
  await expect(question(page, 2).getByRole('heading', { name: 'Soal 2' })).toBeFocused({ timeout: 60_000 });
  await skipRestOfListening(page);
  const next = page.getByRole('heading', { name: 'Section berikutnya: Section 2' });
  await expect(next).toBeVisible({ timeout: 300_000 });
  await expect(next).toBeFocused();
  await expectNoAxeViolations(page, 'next section');
  await activate(page, button(page, 'Lanjutkan'));
}

/** The grid: one tab stop (the current question), arrows move, Enter opens; focus goes to the question. */
async function jumpToLast(page: Page, last: number): Promise<void> {
  const grid = page.getByRole('navigation', { name: 'Navigasi soal' });
  const stop = grid.locator('button[tabindex="0"]');
  await expect(stop).toHaveCount(1);
  await expect(stop).toHaveAccessibleName('Soal 2, soal saat ini');
  await tabTo(page, stop, { back: true });
  await page.keyboard.press('ArrowLeft');
  await expect(grid.getByRole('button', { name: 'Soal 1, sudah dijawab' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(grid.getByRole('button', { name: `Soal ${last}` })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(question(page, last).getByRole('heading', { name: `Soal ${last}` })).toBeFocused();
}

async function submitByKeyboard(page: Page): Promise<void> {
  await activate(page, button(page, 'Submit'));
  const dialog = page.getByRole('dialog', { name: 'Kirim jawaban?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'confirm submit');
  // Focus stays inside the dialog: Tab cycles Batal / Ya, kirim.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button(page, 'Submit')).toBeFocused(); // focus returns to what opened it
  await activate(page, button(page, 'Submit'), 'Enter', { max: 0 });
  await activate(page, dialog.getByRole('button', { name: 'Ya, kirim' }));
}

async function pagedSection(page: Page, orderId: string, section: 'structure' | 'reading', last: number, timer: RegExp): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${section}$`));
  const direction = page.getByRole('heading', { level: 1, name: /^Direction: / });
  await expect(direction).toBeFocused();
  await expect(page.getByRole('timer', { name: 'Sisa waktu' })).toHaveText(timer);
  await expect(page.getByTestId('exam-extra-time')).toHaveText('Termasuk waktu tambahan ×1,5');
  const server = await serverSection(page, orderId, section);
  expect(server.time_accommodation).toEqual({ factor: 1.5, extra_minutes: 0, break_minutes: 0 });
  expect(server.duration_seconds).toBe(section === 'structure' ? 2250 : 4950);
  await expectNoAxeViolations(page, `${section}, direction`);
  await activate(page, button(page, 'Start Test'));
  await expect(question(page, 1).getByRole('heading', { name: 'Soal 1' })).toBeFocused();
  await activate(page, question(page, 1).getByRole('radio').first(), 'Space');
  await expect(question(page, 1).getByRole('radio').first()).toBeChecked();
  // Options: an arrow moves the choice within the one tab stop of the group.
  await page.keyboard.press('ArrowDown');
  await expect(question(page, 1).getByRole('radio').nth(1)).toBeChecked();
  await expect(question(page, 1).getByRole('radio', { checked: true })).toHaveCount(1);
  await activate(page, button(page, 'Next'));
  await expect(question(page, 2).getByRole('heading', { name: 'Soal 2' })).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Navigasi soal' })).toMatchAriaSnapshot(`
    - navigation "Navigasi soal":
      - list:
        - listitem:
          - button "Soal 1, sudah dijawab"
        - listitem:
          - button "Soal 2, soal saat ini"
        - listitem:
          - button "Soal 3"
  `);
  await expect(page.getByRole('region', { name: 'Pelanggaran' })).toMatchAriaSnapshot(`
    - region "Pelanggaran":
      - list:
        - listitem: Tab baru ${section === 'structure' ? 1 : 2}
        - listitem: Deteksi wajah 0
        - listitem: Suara 0
  `);
  // The time on demand: Alt+T speaks through the polite live region; the timer itself is silent,
  // and nothing was said before (more than 10 minutes left). No live region on the screen is
  // assertive: errors and warnings come as alerts and alert dialogs.
  await expect(page.getByTestId('time-announcer')).toHaveText('');
  expect(await page.evaluate(() => [...document.querySelectorAll('[aria-live="assertive"]')].map((el) => el.outerHTML.slice(0, 80)))).toEqual([]);
  await page.keyboard.press('Alt+T');
  await expect(page.getByTestId('time-announcer')).toHaveText(section === 'structure' ? /^Sisa waktu 3[67] menit \d+ detik$/ : /^Sisa waktu 1 jam 2[12] menit \d+ detik$/);
  await expect(page.getByTestId('time-announcer')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('timer')).not.toHaveAttribute('aria-live', /polite|assertive/);
  await expectNoAxeViolations(page, `${section}, question`);
  await expectReflow(page, section, [page.getByRole('timer'), button(page, 'Next'), option(page, 2),
    page.getByRole('navigation', { name: 'Navigasi soal' })]);
  if (section === 'structure') await violationDialog(page);
  await jumpToLast(page, last);
  await submitByKeyboard(page);
}

/** A violation is an alert dialog with focus on its button; closing it gives focus back. */
async function violationDialog(page: Page): Promise<void> {
  await tabTo(page, button(page, 'Next'));
  await leavePage(page);
  const warning = page.getByRole('alertdialog', { name: 'Meninggalkan halaman tes terdeteksi' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning.getByRole('button', { name: 'Saya mengerti' })).toBeFocused();
  // An alert dialog, named by its title, that says what happened and how many times.
  await expect(warning).toMatchAriaSnapshot(`
    - alertdialog "Meninggalkan halaman tes terdeteksi":
      - heading "Meninggalkan halaman tes terdeteksi" [level=2]
      - paragraph: Anda terdeteksi membuka tab baru atau meninggalkan halaman tes. Tetaplah di halaman tes sampai tes selesai.
      - paragraph: /Pelanggaran ke-2/
      - paragraph
      - button "Saya mengerti"
  `);
  await expectNoAxeViolations(page, 'violation dialog');
  await page.keyboard.press('Enter');
  await expect(warning).toHaveCount(0);
  await expect(button(page, 'Next')).toBeFocused(); // back where it was when the dialog opened
  await expect(page.getByTestId('violations-new-tab')).toHaveText('2');
}

test('keyboard only, with ×1.5 extra time: login to the end page; focus, names, live regions, axe and reflow', async ({ page }) => {
  test.setTimeout(900_000);
  const member = data.individualMembers[0]!;
  const { orderId, factor } = testData().accommodated;
  expect(factor).toBe(1.5);
  // The candidate speaks in the microphone check only (speech during the test is a violation).
  await scriptSpeech(page, SENTENCE, true, '/device-check');
  await withAudioRate(page, 2);
  await photosByKeyboard(page);

  await loginAndList(page, member.email, member.password);
  await preparation(page);
  await deviceCheck(page);
  await listening(page);
  await pagedSection(page, orderId, 'structure', 40, /^00:3[67]:\d\d$/);
  await expect(page.getByRole('heading', { name: 'Section berikutnya: Section 3' })).toBeFocused({ timeout: 20_000 });
  await activate(page, button(page, 'Lanjutkan'));
  await pagedSection(page, orderId, 'reading', 50, /^01:2[12]:\d\d$/);

  await expect(page).toHaveURL(/\/epot\/end$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Selamat Anda telah menyelesaikan test EPOT' })).toBeFocused();
  await expectNoAxeViolations(page, 'end page');
});
