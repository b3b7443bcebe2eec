// The staff login's steps as a pure reducer (tested without a DOM): e-mail and password first; when
// the server answers that the account has two-factor login on, a second step asks for the 6-digit
// code (or a recovery code) and sends the password again with it. The server's messages are matched
// by their text in contracts/facts/staff.ts, never guessed.
import { STAFF_MESSAGES } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';

export type LoginStep = 'password' | 'code';

export interface LoginState {
  step: LoginStep;
  busy: boolean;
  /** The alert shown above the form (null: none). */
  error: string | null;
}

export type LoginEvent =
  | { type: 'submit' }
  | { type: 'signed-in' }
  | { type: 'failed'; status: number; message: string }
  | { type: 'back' };

export const initialLogin: LoginState = { step: 'password', busy: false, error: null };

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'submit':
      return { ...state, busy: true, error: null };
    case 'signed-in':
      return { ...state, busy: false, error: null };
    case 'back':
      return initialLogin;
    case 'failed':
      return failed(state, event.status, event.message);
  }
}

function failed(state: LoginState, status: number, message: string): LoginState {
  if (status === 401 && message === STAFF_MESSAGES.otpRequired) {
    // Asking for the code is the next step, not an error; the step's text says what to type.
    return { step: 'code', busy: false, error: state.step === 'code' ? message : null };
  }
  if (status === 401 && message === STAFF_MESSAGES.otpWrong) return { step: 'code', busy: false, error: message };
  if (status === 0) return { ...state, busy: false, error: staffMessages.app.networkError };
  // Wrong password (e.g. changed meanwhile), too many attempts, anything else: start again from the password.
  return { step: status === 401 ? 'password' : state.step, busy: false, error: message || staffMessages.app.genericError };
}

/** A 6-digit code (spaces allowed, as authenticator apps show "123 456") or a recovery code. */
export function normaliseCode(input: string): string | null {
  const compact = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(compact) || /^[A-Za-z0-9-]{8,20}$/.test(compact) ? compact : null;
}
