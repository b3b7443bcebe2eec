import { describe, expect, it } from 'vitest';
import {
  loginFormAlert, parseSsoQuery, validateForgot, validateLogin, validateNewPassword, validateOtp, validateRegistration,
} from './validation.ts';

describe('guest form rules (spec 5)', () => {
  it('login: English field messages, and the two alerts', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'E-mail is required', password: 'Password is required' });
    expect(validateLogin({ email: 'x@', password: 'short' })).toEqual({ email: 'E-mail must be valid', password: 'Password must be at least 8 characters' });
    expect(validateLogin({ email: 'a@b.co', password: '12345678' })).toEqual({ email: undefined, password: undefined });
    expect(loginFormAlert({ password: 'short' })).toEqual({ text: 'password kurang dari 8 character', reset: false });
    expect(loginFormAlert({ password: '' })).toEqual({ text: 'Email dan password tidak boleh kosong', reset: true });
  });

  it('registration: Indonesian messages and the confirmation check', () => {
    expect(validateRegistration({ email: '', password: '', confirm: '' })).toEqual({
      email: 'E-mail tidak boleh kosong', password: 'Password tidak boleh kosong', confirm: 'Konfirmasi Password tidak boleh kosong',
    });
    expect(validateRegistration({ email: 'nope', password: '1234', confirm: 'x' })).toEqual({
      email: 'E-mail harus valid', password: 'Password minimal harus 8 karakter', confirm: 'Konfirmasi password harus sama',
    });
  });

  it('forgot password uses the login messages', () => {
    expect(validateForgot({ email: '' }).email).toBe('E-mail is required');
    expect(validateForgot({ email: 'a@b' }).email).toBe('E-mail must be valid');
  });

  it('reset: OTP of exactly 6 digits (corrected message), new password and confirmation', () => {
    expect(validateOtp('')).toBe('Kode OTP is required');
    expect(validateOtp('12345')).toBe('Kode OTP must be 6 characters');
    expect(validateOtp('123456')).toBeUndefined();
    expect(validateNewPassword({ password: 'abc', confirm: '' })).toEqual({
      password: 'Password must be at least 8 characters', confirm: 'Confirmation Password is required',
    });
    expect(validateNewPassword({ password: 'abcdefgh', confirm: 'abcdefgx' }).confirm).toBe('confirmation password must match');
  });

  it('SSO: strips the prefix, passes exp and sig through, refuses a missing uid or name', () => {
    expect(parseSsoQuery('?uid=epot-sso-a%40b.co&name=epot-sso-Budi%20S&exp=99&sig=ab', 'epot-sso-'))
      .toEqual({ email: 'a@b.co', fullname: 'Budi S', exp: '99', sig: 'ab' });
    expect(parseSsoQuery('?uid=epot-sso-a%40b.co', 'epot-sso-')).toBeNull();
    expect(parseSsoQuery('?uid=epot-sso-&name=epot-sso-x', 'epot-sso-')).toBeNull();
  });
});
