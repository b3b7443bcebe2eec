import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { reportClientError, resetErrorReporting } from './error-reporting.ts';

afterEach(() => { vi.restoreAllMocks(); resetErrorReporting(); });

describe('reportClientError', () => {
  it('posts the path without the query, once per message, at most 5 a minute', () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({});
    history.replaceState(null, '', '/epot/x/reading?code=SECRET');
    reportClientError({ kind: 'worker', worker: 'exam-clock', message: 'crashed' });
    reportClientError({ kind: 'worker', worker: 'exam-clock', message: 'crashed' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![1]).toEqual({ kind: 'worker', worker: 'exam-clock', message: 'crashed', path: '/epot/x/reading' });
    for (let i = 0; i < 10; i++) reportClientError({ kind: 'error', message: `m${i}` });
    expect(post).toHaveBeenCalledTimes(5);
  });
});
