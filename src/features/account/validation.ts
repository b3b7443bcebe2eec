// Form rules of the account screen (spec section 5), pure so they are unit-tested.
import { messages } from '../../i18n/messages.ts';

const p = messages.profile;
const c = messages.passwordChange;
export const PASSWORD_MIN = 8;
export const DOB_PICKER_MIN = '1950-01-01';
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ProfileValues {
  fullname: string;
  date_of_birth: string;
  place_of_birth: string;
  phone: string;
  residential_address: string;
  email: string;
}
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** Spec 5: the full name is capitalised per word as it is typed (spaces kept, so typing still works). */
export function capitalizeWords(s: string): string {
  return s.replace(/(^|\s)(\S)/g, (_, space: string, ch: string) => space + ch.toLocaleUpperCase('id-ID'));
}

/** YYYY-MM-DD, a real date, year >= 1900 (spec 5). */
export function validateDateOfBirth(v: string): string | undefined {
  if (!v.trim()) return p.dateRequired;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
  if (!m) return p.dateInvalid;
  const d = new Date(`${v.trim()}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v.trim()) return p.dateInvalid;
  return Number(m[1]) < 1900 ? p.yearMin : undefined;
}

export function validateProfile(v: ProfileValues): ProfileErrors {
  const req = (s: string, msg: string) => (s.trim() ? undefined : msg);
  return {
    fullname: req(v.fullname, p.fullnameRequired),
    date_of_birth: validateDateOfBirth(v.date_of_birth),
    place_of_birth: req(v.place_of_birth, p.placeRequired),
    phone: req(v.phone, p.phoneRequired),
    residential_address: req(v.residential_address, p.addressRequired),
    email: EMAIL_RE.test(v.email) ? undefined : p.emailInvalid,
  };
}

export interface PasswordValues { current: string; next: string; confirm: string }

export function validatePasswordChange(v: PasswordValues): Partial<Record<keyof PasswordValues, string>> {
  const pw = (s: string) => (!s ? c.required : s.length < PASSWORD_MIN ? c.min : undefined);
  return {
    current: pw(v.current),
    next: pw(v.next),
    confirm: !v.confirm ? c.confirmRequired : v.confirm !== v.next ? c.confirmMismatch : undefined,
  };
}

/** Spec 8: the alert for a password form that cannot be sent. */
export function passwordChangeAlert(v: PasswordValues): string | undefined {
  if (!v.current || !v.next || !v.confirm) return c.empty;
  if (v.current.length < PASSWORD_MIN || v.next.length < PASSWORD_MIN) return c.short;
  return undefined;
}

/** Today as YYYY-MM-DD in the user's time zone (the picker's upper bound). */
export function todayIso(now = new Date()): string {
  const off = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - off).toISOString().slice(0, 10);
}
