// Accounts and access (issue 3): routing rules, guest screens, account, layout and accessibility,
// against the production server with a real SMTP sink.
import { expect, test, type Page } from '@playwright/test';
import { loginMessages } from '../../../server/routes/auth/session.ts';
import { resetMessages } from '../../../server/services/accounts/password-reset.ts';
import {
  clientIp, completeMember, latestMail, loginViaUi, otpFrom, PASSWORD, registerViaApi, ssoLink, uniqueEmail,
} from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

const MOBILE_BLOCKED = 'Mohon maaf Tes EPOT tidak dapat diakses dari handphone/tablet. Silahkan akses menggunakan laptop/komputer PC.';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });

test('register, automatic login, forced to /account, profile saved after confirming, then /epot', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/registration');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Konfirmasi Password').fill(`${PASSWORD}x`);
  await page.getByLabel('E-mail').focus();
  await expect(page.getByText('Konfirmasi password harus sama')).toBeVisible();
  await page.getByLabel('Konfirmasi Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  expect(await page.title()).toBe('Account | EPOT - English Proficiency Online Test');
  // Every menu but Account waits for the profile.
  await expect(sidebar(page).getByRole('link', { name: 'Test EPOT' })).toHaveAttribute('aria-disabled', 'true');
  await expect(sidebar(page).getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.goto('/guide');
  await expect(page).toHaveURL(/\/account$/);

  const save = page.getByRole('button', { name: 'Simpan', exact: true });
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(save).toBeDisabled();
  await page.getByLabel('Nama Lengkap').fill('budi santoso');
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Budi Santoso');
  await page.getByLabel('Tempat Lahir').fill('Bandung');
  await page.getByLabel('Tempat Lahir').clear();
  await page.getByLabel('Nomor Telepon').focus();
  await expect(page.getByText('Tempat Lahir Tidak Boleh Kosong')).toBeVisible();
  await page.getByLabel('Tanggal Lahir').fill('1990-08-17');
  await page.getByLabel('Tempat Lahir').fill('Bandung');
  await page.getByLabel('Nomor Telepon').fill('081234567890');
  await page.getByLabel('Alamat Domisili').fill('Jl. Merdeka 1, Bandung');
  await expect(save).toBeEnabled();

  await save.click();
  const dialog = page.getByRole('alertdialog', { name: 'Simpan data diri?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();
  await save.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, simpan' }).click();
  await expect(page.getByText('Data Anda berhasil disimpan')).toBeVisible();
  await expect(page.getByLabel('Nama Lengkap')).toHaveAttribute('readonly', '');

  await expect(page).toHaveURL(/\/epot$/, { timeout: 8_000 });
  await expect(page.getByRole('heading', { name: 'Test EPOT', level: 1 })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Sertifikat' })).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('user-fullname')).toHaveText('Budi Santoso');

  // Under /epot/ the test flow has the screen to itself.
  await page.goto('/epot/preparation');
  await expect(sidebar(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => localStorage.getItem('epot.auth'))).toBeNull();
  // The revoked token does not come back: a protected page is a login page again.
  await page.goto('/epot');
  await expect(page).toHaveURL(/\/$/);
});

test('login alerts: empty form, short password, wrong password from the server', async ({ page, request }) => {
  const email = uniqueEmail('alerts');
  await registerViaApi(request, email);
  await page.goto('/');
  const alert = page.getByRole('alert');

  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(alert).toHaveText('Email dan password tidak boleh kosong');

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(alert).toHaveText('password kurang dari 8 character');

  await page.getByLabel('Password').fill('Salah-sekali-99');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(alert).toHaveText(loginMessages.wrongCredentials);
  // A failed login resets the form.
  await expect(page.getByLabel('E-mail')).toHaveValue('');
  await expect(page.getByLabel('Password')).toHaveValue('');
});

test('forgot password: OTP from the e-mail, new password, login works, the OTP cannot be reused', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await completeMember(page.request, 'reset');
  await page.goto('/password-send-email');
  await page.getByLabel('E-mail').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Kirim OTP ke email' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email Anda tidak terdaftar pada sistem kami');

  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Kirim OTP ke email' }).click();
  await expect(page).toHaveURL(/\/success-send-email\?code=/);
  await expect(page.getByRole('heading', { name: 'OTP berhasil dikirim' })).toBeVisible();
  const otp = otpFrom(await latestMail(email));
  // Spec: on to the OTP entry after 8 seconds.
  await expect(page).toHaveURL(/\/password-reset\/[\w-]+$/, { timeout: 12_000 });
  const resetUrl = page.url();

  await page.getByLabel('Kode OTP').fill('12345');
  await page.getByRole('button', { name: 'Verifikasi OTP' }).click();
  await expect(page.getByText('Kode OTP must be 6 characters')).toBeVisible();
  await page.getByLabel('Kode OTP').fill(otp);
  await page.getByRole('button', { name: 'Verifikasi OTP' }).click();

  const newPassword = 'Bromo-subuh-dingin-42';
  await page.getByLabel('Password Baru').fill(newPassword);
  await page.getByLabel('Konfirmasi Password').fill(newPassword);
  await page.getByRole('button', { name: 'Simpan Password' }).click();
  await expect(page).toHaveURL(/\/success-reset-password$/);
  // Spec: back to login after 5 seconds.
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible({ timeout: 8_000 });

  await loginViaUi(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(loginMessages.wrongCredentials);
  await loginViaUi(page, email, newPassword);
  await expect(page).toHaveURL(/\/epot$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  // The same code and OTP again: refused with the server's message. (Expiry after 10 minutes is
  // covered by the server tests, which move the clock.)
  await page.goto(resetUrl);
  await page.getByLabel('Kode OTP').fill(otp);
  await page.getByRole('button', { name: 'Verifikasi OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText(resetMessages.invalid);
});

test('a signed SSO link logs in (and replaces a present session); a tampered one fails', async ({ page, baseURL }) => {
  const first = uniqueEmail('sso-a');
  await page.goto(ssoLink(baseURL!, first, 'Andi Pratama'));
  await expect(page.getByText('Redirecting...')).toBeVisible();
  // A new member: the profile still has to be completed.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('user-fullname')).toHaveText('Andi Pratama');

  const second = uniqueEmail('sso-b');
  await page.goto(ssoLink(baseURL!, second, 'Rina Kusuma'));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('user-fullname')).toHaveText('Rina Kusuma');
  await expect(page.getByLabel('E-mail')).toHaveValue(second);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  const tampered = new URL(ssoLink(baseURL!, uniqueEmail('sso-c'), 'Dewi'));
  tampered.searchParams.set('name', 'epot-sso-Dewi Palsu');
  await page.goto(tampered.toString());
  await expect(page.getByRole('alert')).toHaveText('Something went wrong');
  await page.goto('/sso?uid=epot-sso-someone%40example.com');
  await expect(page.getByRole('alert')).toHaveText('Something went wrong');
});

test('a logged-out visit to a page is remembered and followed once after login', async ({ page }) => {
  const email = await completeMember(page.request, 'remember');
  await page.goto('/guide');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('epot.redirect-path'))).toBe('"/guide"');
  await loginViaUi(page, email);
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole('heading', { name: 'Panduan Tes EPOT' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('epot.redirect-path'))).toBeNull();
  // A logged-in user is sent away from the guest pages.
  await page.goto('/registration');
  await expect(page).toHaveURL(/\/epot$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.goto('/epot');
  await expect(page).toHaveURL(/\/$/);
  await loginViaUi(page, email);
  await expect(page).toHaveURL(/\/epot$/);
  await expect(page.getByRole('heading', { name: 'Test EPOT', level: 1 })).toBeVisible();
});

test('keyboard only: Tab, type and Enter log in', async ({ page }) => {
  const email = await completeMember(page.request, 'keyboard');
  await page.goto('/');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name'));
  for (let i = 0; i < 10 && (await focused()) !== 'email'; i++) await page.keyboard.press('Tab');
  expect(await focused()).toBe('email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('password');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/epot$/);
  await expect(page.getByTestId('user-fullname')).toHaveText('Sari Wulandari');
});

test('no WCAG 2.2 A/AA violations (axe) on the account screens and the layout', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expectNoAxeViolations(page, 'login');
  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Registrasi' })).toBeVisible();
  await page.getByRole('button', { name: 'Daftar', exact: true }).click(); // errors shown
  await expectNoAxeViolations(page, 'registration');
  await page.goto('/password-send-email');
  await expect(page.getByRole('heading', { name: 'Lupa Password' })).toBeVisible();
  await expectNoAxeViolations(page, 'forgot password');
  await page.goto('/password-reset/some-code');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expectNoAxeViolations(page, 'reset');

  const email = await completeMember(page.request, 'axe');
  await loginViaUi(page, email);
  await expect(page).toHaveURL(/\/epot$/);
  await expectNoAxeViolations(page, 'layout (/epot)');
  await page.goto('/guide');
  await expect(page.getByRole('heading', { name: 'Panduan Tes EPOT' })).toBeVisible();
  await expect(page.getByTestId('support-email')).toHaveText(/@/);
  await expectNoAxeViolations(page, 'guide');
  await page.goto('/account');
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Sari Wulandari');
  await expectNoAxeViolations(page, 'account');
  await page.getByRole('tab', { name: 'Change Password' }).click();
  await expect(page.getByLabel('Password Saat Ini')).toBeVisible();
  await expectNoAxeViolations(page, 'account password tab');
});

test('change password: wrong current password refused, then the new one logs in again', async ({ page }) => {
  const email = await completeMember(page.request, 'change');
  await loginViaUi(page, email);
  await expect(page).toHaveURL(/\/epot$/);
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Change Password' }).click();
  const update = page.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();
  await page.getByLabel('Password Saat Ini').fill('Bukan-password-ku-1');
  await page.getByLabel('Password Baru', { exact: true }).fill('Rinjani-pagi-cerah-8');
  await page.getByLabel('Konfirmasi Password Baru').fill('Rinjani-pagi-cerah-8');
  await update.click();
  await expect(page.getByRole('alert')).toHaveText('Current password Anda salah');

  await page.getByLabel('Password Saat Ini').fill(PASSWORD);
  await update.click();
  await expect(page.getByRole('status').filter({ hasText: 'Password Anda berhasil diubah' })).toBeVisible();
  // The app logged in again with the new password: the session works after a reload.
  await page.reload();
  await expect(page.getByTestId('user-fullname')).toHaveText('Sari Wulandari');
  await page.getByRole('button', { name: 'Logout' }).click();
  // The logout has ended when the login form shows: a navigation before that could cancel it (a CI
  // run went back to '/' while still logged in and waited for the form until the timeout).
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await loginViaUi(page, email, 'Rinjani-pagi-cerah-8');
  await expect(page).toHaveURL(/\/epot$/);
});

test.describe('on a phone', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });
  test('the test cannot be opened', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(MOBILE_BLOCKED)).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveCount(0);
    await page.goto('/registration');
    await expect(page.getByText(MOBILE_BLOCKED)).toBeVisible();
  });
});
