import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { initialLogin, loginReducer, normaliseCode, type LoginEvent, type LoginState } from './login-flow.ts';

const run = (events: LoginEvent[], from: LoginState = initialLogin) => events.reduce(loginReducer, from);
const fail = (status: number, message: string): LoginEvent => ({ type: 'failed', status, message });

describe('staff login flow', () => {
  it('signs in with a password alone when two-factor login is off', () => {
    expect(run([{ type: 'submit' }])).toEqual({ step: 'password', busy: true, error: null });
    expect(run([{ type: 'submit' }, { type: 'signed-in' }])).toEqual({ step: 'password', busy: false, error: null });
  });

  it('asks for the code when the server says so, without calling it an error', () => {
    const s = run([{ type: 'submit' }, fail(401, STAFF_MESSAGES.otpRequired)]);
    expect(s).toEqual({ step: 'code', busy: false, error: null });
  });

  it('stays on the code step for a wrong code and shows the server message', () => {
    const s = run([{ type: 'submit' }, fail(401, STAFF_MESSAGES.otpRequired), { type: 'submit' }, fail(401, STAFF_MESSAGES.otpWrong)]);
    expect(s).toEqual({ step: 'code', busy: false, error: STAFF_MESSAGES.otpWrong });
    expect(run([{ type: 'submit' }, { type: 'signed-in' }], s).error).toBeNull();
  });

  it('goes back to the password for wrong credentials, keeps the step on rate limits and network errors', () => {
    const code = run([fail(401, STAFF_MESSAGES.otpRequired)]);
    expect(run([{ type: 'submit' }, fail(401, STAFF_MESSAGES.wrongCredentials)], code)).toEqual({ step: 'password', busy: false, error: STAFF_MESSAGES.wrongCredentials });
    expect(run([{ type: 'submit' }, fail(429, 'Terlalu banyak percobaan')], code)).toMatchObject({ step: 'code', error: 'Terlalu banyak percobaan' });
    expect(run([{ type: 'submit' }, fail(0, 'Network Error')], code)).toMatchObject({ step: 'code', error: staffMessages.app.networkError });
    expect(run([{ type: 'back' }], code)).toEqual(initialLogin);
  });

  it('accepts 6 digits (with spaces) and recovery codes, nothing else', () => {
    expect(normaliseCode('123 456')).toBe('123456');
    expect(normaliseCode(' 0a1b2c3d4e ')).toBe('0a1b2c3d4e');
    expect(normaliseCode('1234567890')).toBe('1234567890');
    expect(normaliseCode('12345')).toBeNull();
    expect(normaliseCode('abc')).toBeNull();
    expect(normaliseCode('kode; drop')).toBeNull();
  });
});
