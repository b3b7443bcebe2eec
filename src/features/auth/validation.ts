// Form rules of the guest screens (spec section 5), as pure functions so they are unit-tested.
import { messages } from '../../i18n/messages.ts';

export const PASSWORD_MIN = 8;
export const OTP_LENGTH = 6;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors<K extends string> = Partial<Record<K, string>>;

export const hasErrors = (e: Record<string, string | undefined>) => Object.values(e).some(Boolean);

function email(value: string, required: string, invalid: string): string | undefined {
  if (!value.trim()) return required;
  return EMAIL_RE.test(value.trim()) ? undefined : invalid;
}

function password(value: string, required: string, min: string): string | undefined {
  if (!value) return required;
  return value.length < PASSWORD_MIN ? min : undefined;
}

export function validateLogin(v: { email: string; password: string }): Errors<'email' | 'password'> {
  const t = messages.login;
  return { email: email(v.email, t.emailRequired, t.emailInvalid), password: password(v.password, t.passwordRequired, t.passwordMin) };
}

/** Spec 5: the alert for an invalid login form; only the "empty" case resets the form. */
export function loginFormAlert(v: { password: string }): { text: string; reset: boolean } {
  return v.password && v.password.length < PASSWORD_MIN
    ? { text: messages.login.alertShort, reset: false }
    : { text: messages.login.alertEmpty, reset: true };
}

export function validateRegistration(v: { email: string; password: string; confirm: string }): Errors<'email' | 'password' | 'confirm'> {
  const t = messages.registration;
  return {
    email: email(v.email, t.emailRequired, t.emailInvalid),
    password: password(v.password, t.passwordRequired, t.passwordMin),
    confirm: !v.confirm ? t.confirmRequired : v.confirm !== v.password ? t.confirmMismatch : undefined,
  };
}

export function validateForgot(v: { email: string }): Errors<'email'> {
  return { email: email(v.email, messages.login.emailRequired, messages.login.emailInvalid) };
}

export function validateOtp(otp: string): string | undefined {
  const t = messages.reset;
  if (!otp.trim()) return t.otpRequired;
  return /^\d+$/.test(otp.trim()) && otp.trim().length === OTP_LENGTH ? undefined : t.otpLength;
}

export function validateNewPassword(v: { password: string; confirm: string }): Errors<'password' | 'confirm'> {
  const t = messages.reset;
  return {
    password: password(v.password, t.passwordRequired, t.passwordMin),
    confirm: !v.confirm ? t.confirmRequired : v.confirm !== v.password ? t.confirmMismatch : undefined,
  };
}

/** SSO query (spec screen 8): uid and name carry a fixed prefix that is stripped; exp and sig pass through. */
export function parseSsoQuery(search: string, prefix: string): { email: string; fullname: string; exp: string; sig: string } | null {
  const q = new URLSearchParams(search);
  const strip = (v: string | null) => (v && v.startsWith(prefix) ? v.slice(prefix.length) : v) ?? '';
  // Sent exactly as linked (the signature covers the raw values), only checked for blanks.
  const email = strip(q.get('uid'));
  const fullname = strip(q.get('name'));
  if (!email.trim() || !fullname.trim()) return null;
  return { email, fullname, exp: q.get('exp') ?? '', sig: q.get('sig') ?? '' };
}
