import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../http-error.ts';
import { isDatabaseUnavailable, isStorageFull, SERVER_ERROR_MESSAGE, toErrorBody, UNAVAILABLE_MESSAGE } from './error-handler.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database outages', () => {
  it('answer 503 (retry later) for connection failures, wherever they sit in the cause chain', () => {
    for (const err of [
      withCode('ECONNREFUSED'), withCode('57P01', 'terminating connection due to administrator command'), withCode('57P03', 'the database system is starting up'),
      withCode('08006'), new Error('Connection terminated unexpectedly'), new Error('timeout exceeded when trying to connect'),
      new DrizzleQueryError('update "order_sections" set …', [], withCode('ECONNREFUSED')),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      expect(toErrorBody(err)).toEqual({ status: 503, message: UNAVAILABLE_MESSAGE });
    }
  });

  it('leave every other failure a 500', () => {
    for (const err of [new Error('boom'), withCode('42P01', 'relation "x" does not exist'), new DrizzleQueryError('select 1', [], withCode('23505'))]) {
      expect(toErrorBody(err)).toEqual({ status: 500, message: SERVER_ERROR_MESSAGE });
    }
  });
});

describe('a full disk (issue 29.6)', () => {
  it('answers 507 with a clear message, for the file store and for the database, wherever in the cause chain', () => {
    for (const err of [
      withCode('ENOSPC', 'ENOSPC: no space left on device, write'), withCode('EDQUOT'),
      new DrizzleQueryError('insert into "audit_log" …', [], withCode('53100', 'could not extend file "base/5/16384": No space left on device')),
    ]) {
      expect(isStorageFull(err), String(err)).toBe(true);
      expect(toErrorBody(err)).toEqual({ status: 507, message: STORAGE_FULL_MESSAGE });
    }
  });
});
