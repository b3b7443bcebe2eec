import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { reportClientError, resetErrorReporting } from './error-reporting.ts';

afterEach(() => { vi.restoreAllMocks(); resetErrorReporting(); });

describe('reportClientError', () => {
  it('posts the path without the query, once per message, at most 5 a minute', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({});
    history.replaceState(null, '', '/epot/x/reading?code=SECRET');
    reportClientError({ kind: 'worker', worker: 'exam-clock', message: 'crashed' });
    reportClientError({ kind: 'worker', worker: 'exam-clock', message: 'crashed' });
    // The client loads on first use (lib/api-auth.ts), so the post follows a tick later.
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]![1]).toEqual({ kind: 'worker', worker: 'exam-clock', message: 'crashed', path: '/epot/x/reading' });
    for (let i = 0; i < 10; i++) reportClientError({ kind: 'error', message: `m${i}` });
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(5));
    await new Promise((r) => setTimeout(r, 20));
    expect(post).toHaveBeenCalledTimes(5);
  });
});
