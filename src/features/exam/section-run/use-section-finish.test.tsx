// After a submission on its own: a closed section goes on, an open one loads again, and an error is
// either followed or shown.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchSection } from '../api/exam-api.ts';
import { sectionDetail } from '../testing/fixtures.ts';
import { useSectionFinish } from './use-section-finish.ts';

vi.mock('../api/exam-api.ts', () => ({ fetchSection: vi.fn() }));

function setup(follow = vi.fn((_m: string) => false)) {
  const exit = vi.fn();
  const { result } = renderHook(() => useSectionFinish({
    orderId: 'o1', section: 'structure', exit, next: { path: '/epot/o1/reading', reload: true }, followServerMessage: follow,
  }));
  return { result, exit, follow };
}

afterEach(() => vi.clearAllMocks());

describe('finishing a section', () => {
  it('closed: on to the next path; still open: the section again', async () => {
    const closed = { exam: { is_complete: true, section: 'structure' as const, parts: [] } };
    vi.mocked(fetchSection).mockResolvedValueOnce({ detail: sectionDetail('structure', [], closed), offsetMs: 0 });
    const t = setup();
    await act(() => t.result.current.finish());
    expect(t.exit).toHaveBeenCalledWith('/epot/o1/reading', { reload: true });
    vi.mocked(fetchSection).mockResolvedValueOnce({ detail: sectionDetail('structure', []), offsetMs: 0 });
    await act(() => t.result.current.finish());
    expect(t.exit).toHaveBeenLastCalledWith('/epot/o1/structure', { reload: true });
  });

  it('an error is followed when it ends the test, else shown', async () => {
    vi.mocked(fetchSection).mockRejectedValue(new ApiError(503, 'Server sedang sibuk'));
    const t = setup();
    await act(() => t.result.current.finish());
    expect(t.follow).toHaveBeenCalledWith('Server sedang sibuk');
    expect(t.result.current.finishError).toBe('Server sedang sibuk');
  });
});
