import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SectionTimer } from './section-timer.tsx';

const announcer = () => screen.getByTestId('time-announcer');
const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

describe('SectionTimer', () => {
  afterEach(cleanup);

  it('is a timer that is silent each second and speaks at 10, 5 and 1 minutes', () => {
    const { rerender } = render(<SectionTimer remainingSeconds={601} />);
    expect(screen.getByRole('timer', { name: 'Sisa waktu' }).textContent).toBe('00:10:01');
    expect(announcer().getAttribute('aria-live')).toBe('polite');
    rerender(<SectionTimer remainingSeconds={600} />);
    expect(announcer().textContent).toBe('Sisa waktu 10 menit');
    rerender(<SectionTimer remainingSeconds={599} />);
    expect(announcer().textContent).toBe('Sisa waktu 10 menit');
  });

  it('reads the remaining time on demand: the button or Alt+T', async () => {
    render(<SectionTimer remainingSeconds={1453} />);
    expect(announcer().textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Bacakan sisa waktu (Alt+T)' }));
    await frame();
    expect(announcer().textContent).toBe('Sisa waktu 24 menit 13 detik');
    fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
    expect(announcer().textContent).toBe('');
    await frame();
    expect(announcer().textContent).toBe('Sisa waktu 24 menit 13 detik');
  });

  it('names a granted extra time under the clock', () => {
    const { rerender } = render(<SectionTimer remainingSeconds={2250} accommodation={{ factor: 1.5, extra_minutes: 0 }} />);
    expect(screen.getByTestId('exam-extra-time').textContent).toBe('Termasuk waktu tambahan ×1,5');
    rerender(<SectionTimer remainingSeconds={2250} accommodation={{ factor: 2, extra_minutes: 10 }} />);
    expect(screen.getByTestId('exam-extra-time').textContent).toBe('Termasuk waktu tambahan ×2 dan +10 menit');
    rerender(<SectionTimer remainingSeconds={2250} accommodation={null} />);
    expect(screen.queryByTestId('exam-extra-time')).toBeNull();
  });

  it("as a break's timer: silent at 10, 5 and 1 minutes, its own words on demand; a break alone is no extra time", async () => {
    const props = { label: 'Sisa istirahat', thresholds: false, onDemand: (s: number) => `Sisa istirahat ${Math.floor(s / 60)} menit ${s % 60} detik` };
    const { rerender } = render(<SectionTimer remainingSeconds={601} accommodation={{ factor: 1, extra_minutes: 0, break_minutes: 10 }} {...props} />);
    expect(screen.getByRole('timer', { name: 'Sisa istirahat' }).textContent).toBe('00:10:01');
    rerender(<SectionTimer remainingSeconds={600} {...props} />);
    rerender(<SectionTimer remainingSeconds={300} {...props} />);
    expect(announcer().textContent).toBe('');
    expect(screen.queryByTestId('exam-extra-time')).toBeNull();
    fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
    await frame();
    expect(announcer().textContent).toBe('Sisa istirahat 5 menit 0 detik');
  });
});
