import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Snackbar } from './snackbar.tsx';

describe('Snackbar', () => {
  afterEach(() => { cleanup(); vi.useRealTimers(); });

  it('announces in a status region and dismisses itself after 5 seconds', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    const { rerender } = render(<Snackbar message={{ id: 1, text: 'Kode Lisensi berhasil di redeem', tone: 'success' }} onDismiss={onDismiss} />);
    expect(screen.getByRole('status').textContent).toContain('Kode Lisensi berhasil di redeem');
    act(() => { vi.advanceTimersByTime(4_900); });
    // A re-render with a new callback does not restart the timer.
    rerender(<Snackbar message={{ id: 1, text: 'Kode Lisensi berhasil di redeem', tone: 'success' }} onDismiss={onDismiss} />);
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(100); });
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
