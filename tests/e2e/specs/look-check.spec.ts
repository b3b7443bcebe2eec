// A check that looks at the pages (issue 32): at 1366×768 and 1280×720 each screen must show its main
// action inside the viewport and not covered, no two interactive elements may overlap, the options of a
// choice group must not run together (their texts touching on one line, as when the radio stylesheet
// did not load), and no raw code ('violations:open_new_tab', 'open_new_tab') may be visible outside <code>. Element
// screenshots of the console's filter bars are kept as reviewed baselines: they hold no run data, and a
// stylesheet that stops loading changes them. Fonts: system-ui resolves to DejaVu Sans on Debian.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { paths } from '../../../src/lib/paths.ts';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import { loginViaUi } from '../support/accounts.ts';
import { chromiumArgs } from '../support/chromium.ts';
import { startOrder } from '../support/orders.ts';
import { staffLoginUi } from '../support/staff.ts';
import { pool, testData } from '../support/test-data.ts';
import { expectLooksRight, LOOK_SIZES as SIZES, lookAt } from '../support/look.ts';

test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs('one-face') } });

test.describe.configure({ mode: 'serial' });

const data = testData();
const ADMIN = { email: 'admin.lembaga@epot.local', password: data.demo.password };
const SCREENSHOTS = process.env.LOOK_CHECK_SCREENSHOTS;
const look = pool('look');

/** The screen has rendered (its h1) and the network is quiet. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
}


test('candidate screens at 1366×768 and 1280×720', async ({ page }) => {
  const member = look.individualMembers[0]!;
  await page.goto('/');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expectLooksRight(page, 'login', 'form button[type="submit"]');
  }
  await page.goto(paths.verify('EPOT-ZZZZZZZZZZZZ'));
  await settled(page);
  for (const size of SIZES) { await page.setViewportSize(size); await expectLooksRight(page, 'verify', null); }
  // The other screens a visitor reaches without an account.
  for (const [label, path, main] of [
    ['registration', paths.registration, 'form button[type="submit"]'], ['forgot password', paths.passwordSendEmail, 'form button[type="submit"]'],
    ['password reset', paths.passwordReset('kode-contoh-tidak-berlaku'), 'form button[type="submit"]'],
    ['reset e-mail sent', paths.successSendEmail, null], ['password changed', paths.successResetPassword, null],
    ['e-mail verification', paths.successVerifyEmail('kode-contoh-tidak-berlaku'), null], ['single sign-on', paths.sso, null],
  ] as const) {
    await page.goto(path);
    await settled(page);
    for (const size of SIZES) { await page.setViewportSize(size); await expectLooksRight(page, label, main); }
  }

  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await settled(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'test list', page.getByRole('button', { name: 'Redeem Lisensi' }));
  }
  // The survey dialog at its longest (both 'Lainnya' answers open a text field), then the real redeem.
  const panel = page.getByRole('button', { name: 'English Proficiency Online Test 1' });
  if (!(await panel.isVisible())) {
    await page.getByLabel('Kode Lisensi').fill(look.individualCodes[0]!);
    await page.getByRole('button', { name: 'Redeem Lisensi' }).click();
    const survey = page.getByRole('dialog', { name: 'Survei Peserta' });
    await expect(survey).toBeVisible();
    for (const group of ['Pekerjaan', 'Penggunaan Sertifikat']) await survey.getByRole('radiogroup', { name: group }).getByText('Lainnya', { exact: true }).click();
    await survey.getByLabel('Pekerjaan Lainnya').fill('Wiraswasta');
    await survey.getByLabel('Penggunaan Sertifikat Lainnya').fill('Beasiswa daerah');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The last field focused at this size, as a candidate typing there has it.
      await survey.getByLabel('Penggunaan Sertifikat Lainnya').blur();
      await survey.getByLabel('Penggunaan Sertifikat Lainnya').focus();
      await expectLooksRight(page, 'survey dialog', survey.getByRole('button', { name: 'Redeem Lisensi' }));
      if (size.width === 1366) await expect(page.locator('.modal').filter({ has: survey })).toHaveScreenshot('survey-dialog.png');
    }
    await survey.getByRole('button', { name: 'Redeem Lisensi' }).click();
    await expect(survey).toBeHidden();
  }
  await expect(panel).toBeVisible();
  if ((await panel.getAttribute('aria-expanded')) !== 'true') await panel.click();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'test list (one order)', page.getByRole('button', { name: 'Mulai test EPOT' }));
  }
  await page.getByRole('button', { name: 'Mulai test EPOT' }).click();
  await expect(page).toHaveURL(/\/epot\/preparation\?id=/);
  const orderId = new URL(page.url()).searchParams.get('id')!;
  await settled(page);
  const start = page.getByRole('button', { name: 'Mulai test EPOT' });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'preparation', start);
  }
  for (const box of await page.getByRole('checkbox').all()) await box.check({ force: true });
  await start.click();
  await expect(page).toHaveURL(/\/epot\/specification\?id=/);

  // The verify page as a QR credential opens it (issue 28): a credential no key of ours signed shows
  // its claims struck through, the longest state of the page.
  const claims = Buffer.from(JSON.stringify({ n: 'EPOT-ZZZZZZZZZZZZ', nm: 'Nama Peserta Yang Cukup Panjang Sekali', d: '2026-11-20', s: [51, 52, 58], t: 537, l: 'Advanced', c: 'B1', v: '2027-11-20', st: 1 })).toString('base64url');
  const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'k-tidak-dikenal' })).toString('base64url');
  await page.goto(`${paths.verify('EPOT-ZZZZZZZZZZZZ')}#${header}.${claims}.${'A'.repeat(86)}`);
  await expect(page.locator('[data-signature="unknown-key"]')).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'verify (QR credential)', page.getByRole('button', { name: 'Pindai QR' }));
  }

  const screens: [string, string, ((p: Page) => Locator) | null][] = [
    ['specification', paths.specificationFor(orderId), null],
    ['device check', paths.deviceCheck(orderId), null],
    ['headset check', paths.headsetCheck(orderId), null],
    ['webcam check', paths.webcamCheck(orderId), null],
    // A complete profile has nothing to save (its 'Simpan' shows only for editable fields).
    ['profile', paths.account, null],
    ['end page', paths.end, null],
    ['certificates', paths.reward, null],
    ['guide', paths.guide, null],
    ['certificate sample', paths.viewer, null],
    ['diagnostics', paths.diagnostics, null],
  ];
  for (const [label, path, main] of screens) {
    await page.goto(path);
    await settled(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expectLooksRight(page, label, main ? main(page) : null);
    }
  }
});

test('exam: reading with Prev/Next and the camera preview at both sizes', async ({ page }) => {
  const member = look.individualMembers[1]!;
  const order = await startOrder(page.request, member, look.individualCodes[1]!);
  const headers = { authorization: `Bearer ${order.token}` };
  const submit = async (section: 'listening' | 'structure') => {
    const opened = await page.request.get(`/api${fillPath(apiPaths.order.sectionDetail, { id: order.orderId, section })}`, { headers });
    expect(opened.status(), await opened.text()).toBe(200);
    const sent = await page.request.post(`/api${apiPaths.order.answer}`, { headers, data: { id: order.orderId, section, images: [], answer: [], disqualified: false } });
    expect(sent.status(), await sent.text()).toBe(200);
  };
  page.on('dialog', (d) => void d.accept());
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  // Listening's direction (its audio plays; nothing is answered), then the section is sent as empty.
  await page.goto(`/epot/${order.orderId}/listening`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'listening', null);
  }
  await submit('listening');
  // Structure in the browser: its direction and a question with the camera preview (issue 32).
  await page.goto(`/epot/${order.orderId}/structure`);
  await expect(page.getByRole('button', { name: 'Start Test' })).toBeVisible({ timeout: 30_000 });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'structure direction', page.getByRole('button', { name: 'Start Test' }));
  }
  await page.getByRole('button', { name: 'Start Test' }).click();
  await expect(page.locator('[data-testid="question"][data-number="1"]')).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'structure question 1', page.getByRole('button', { name: 'Next', exact: true }));
  }
  await submit('structure');
  await page.goto(`/epot/${order.orderId}/reading`);
  await expect(page.getByRole('heading', { name: 'Direction: Reading Comprehension' })).toBeVisible({ timeout: 30_000 });
  const preview = page.getByTestId('camera-preview');
  await expect(preview).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'reading direction', page.getByRole('button', { name: 'Start Test' }));
  }
  await page.getByRole('button', { name: 'Start Test' }).click();
  await expect(page.locator('[data-testid="question"][data-number="1"]')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.locator('[data-testid="question"][data-number="2"]')).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'reading question 2', page.getByRole('button', { name: 'Next', exact: true }));
    await expectLooksRight(page, 'reading question 2 (Prev)', page.getByRole('button', { name: 'Prev', exact: true }));
    if (size.width === 1366) {
      await expect(page).toHaveScreenshot('reading-question.png', { mask: [preview, page.getByTestId('exam-timer'), page.locator('.topbar-user')] });
    }
    // The camera preview never covers the question or its options.
    const cam = (await preview.boundingBox())!;
    for (const target of [page.locator('[data-testid="question"][data-number="2"]'), ...await page.locator('[data-testid="question"][data-number="2"] label').all()]) {
      const box = (await target.boundingBox())!;
      const w = Math.min(cam.x + cam.width, box.x + box.width) - Math.max(cam.x, box.x);
      const h = Math.min(cam.y + cam.height, box.y + box.height) - Math.max(cam.y, box.y);
      expect(w > 1 && h > 1, `camera preview over the question at ${size.width}×${size.height}`).toBe(false);
    }
  }
});

test('appeal page of the disqualified attempt at both sizes', async ({ page }) => {
  const member = look.institutions.demo.members[0]!;
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await page.goto(paths.appeal(data.look.orderId));
  await settled(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'appeal', null);
  }
});

test('a certificate in /reward and its shipment tracking at both sizes', async ({ page }) => {
  const member = look.individualMembers[2]!;
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await page.goto(paths.reward);
  await expect(page.getByTestId('certificate-row')).toHaveCount(1);
  await settled(page);
  for (const size of SIZES) { await page.setViewportSize(size); await expectLooksRight(page, 'certificates (one issued)', null); }
  await page.goto(paths.tracking(data.look.certified.orderId));
  await expect(page.getByTestId('tracking-history')).toBeVisible();
  await settled(page);
  for (const size of SIZES) { await page.setViewportSize(size); await expectLooksRight(page, 'tracking', null); }
});

test('operator console screens at both sizes', async ({ page }) => {
  await staffLoginUi(page, 'operator@epot.local', data.demo.password);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const path of ['/admin/companies', '/admin/announcements', '/admin/exams', '/admin/certificates', '/admin/members', '/admin/results', '/admin/reviews']) {
      await page.goto(path);
      await settled(page);
      await expectLooksRight(page, `operator ${path}`, null);
    }
  }
});

for (const size of SIZES) {
  test(`staff console screens at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await staffLoginUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    const big = size.width === 1366;
    for (const [path, file] of [['/admin/members', 'members'], ['/admin/results', 'results'], ['/admin/reviews', 'review-queue']] as const) {
      await page.goto(path);
      const filters = page.locator('form.staff-filters');
      await expect(filters.getByRole('radiogroup').first()).toBeVisible();
      await expect(page.locator('table, [role="grid"], .staff-empty, p.muted').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectLooksRight(page, file, 'form.staff-filters button[type="submit"]');
      if (big) {
        await expect(filters).toHaveScreenshot(`${file}-filters.png`);
        if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${file}.png` });
      }
    }
    // The long member list really is long (the look pool's 40 extra members).
    await page.goto('/admin/members');
    await expect(page.getByRole('grid').getByRole('row')).not.toHaveCount(0);
    // The prepared attempt: disqualified after violations with photos, an open appeal; its decision form.
    await page.goto('/admin/reviews');
    await expect(page.getByRole('grid').getByRole('link').first()).toBeVisible();
    await page.goto(`/admin/attempts/${data.look.orderId}`);
    await expect(page.getByTestId('attempt-summary')).toBeVisible();
    const decision = page.getByRole('form', { name: 'Keputusan' });
    await expect(decision.getByRole('radiogroup')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectLooksRight(page, 'attempt', null);
    await decision.scrollIntoViewIfNeeded();
    expect(await lookAt(page, null), 'attempt (decision form in view)').toEqual([]);
    if (big) {
      await expect(decision).toHaveScreenshot('decision-form.png', { mask: [decision.locator('time')] });
      if (SCREENSHOTS) {
        await page.screenshot({ path: `${SCREENSHOTS}/decision-form.png` });
      }
    }
    for (const path of ['/admin/settings', '/admin/licences', '/admin/privacy', '/admin/staff', '/admin/audit', '/admin/security']) {
      await page.goto(path);
      await settled(page);
      await expectLooksRight(page, path, null);
    }
    // Test-day sessions (issue 30): the list, the scheduling form at its longest, the live view.
    await page.goto('/admin/sessions');
    await expect(page.getByRole('link', { name: /Sesi Lab Bahasa \(look-check\)/ })).toBeVisible();
    await expectLooksRight(page, 'sessions', page.getByRole('button', { name: 'Jadwalkan sesi baru' }));
    await page.getByRole('button', { name: 'Jadwalkan sesi baru' }).click();
    await expect(page.getByRole('list', { name: 'Anggota lembaga' }).getByRole('checkbox').first()).toBeVisible();
    await expectLooksRight(page, 'session scheduling', page.getByRole('button', { name: 'Jadwalkan sesi', exact: true }));
    await page.goto(`/admin/sessions/${data.look.sessionId}/live`);
    await expect(page.locator('[data-connection="live"]')).toBeVisible();
    await expect(page.locator('tr[data-member]')).toHaveCount(41);
    await expectLooksRight(page, 'live view', null);
    if (big && SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/live-view.png` });
  });
}

test('insights: the dashboard and the item analysis at both sizes', async ({ page }) => {
  await staffLoginUi(page, data.insights.admin.email, data.insights.admin.password);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.goto('/admin/insights');
  await expect(page.locator('figure[data-chart="skor-total"] svg')).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'insights', page.getByRole('button', { name: 'Tampilkan' }));
  }
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await staffLoginUi(page, 'operator@epot.local', data.demo.password);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.goto(`/admin/exams/${data.insights.examId}/analysis`);
  await expect(page.locator('figure[data-chart="kesukaran-daya-beda"] svg')).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'item analysis', page.getByRole('button', { name: 'Unduh CSV untuk psikometri' }));
  }
});

test('favicon: the link tag names a file the server has, and /favicon.ico answers', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel~="icon"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  expect((await request.get(href!)).status()).toBe(200);
  expect((await request.get('/favicon.ico')).status()).toBe(200);
});
