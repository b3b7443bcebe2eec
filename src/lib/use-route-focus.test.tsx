import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_FOCUS_WINDOW_MS, useRouteFocus } from './use-route-focus.ts';

let go: (path: string) => void = () => {};
function Pages({ dialog = false }: { dialog?: boolean }) {
  const [path, setPath] = useState('/a');
  go = setPath;
  useRouteFocus(path);
  const [loaded, setLoaded] = useState(false);
  if (path.startsWith('/slow') && !loaded) setTimeout(() => setLoaded(true), path === '/slow' ? 10 : 8_000);
  return (
    <main id="content">
      <button type="button">Tombol</button>
      {path.startsWith('/slow') && !loaded ? <p>Memuat</p> : <h1>Halaman {path}</h1>}
      {dialog && path !== '/a' && <div role="dialog" aria-label="Dialog"><button type="button">OK</button></div>}
    </main>
  );
}

describe('useRouteFocus', () => {
  afterEach(cleanup);

  it('leaves the first load alone, then focuses the new page heading on each change', () => {
    render(<Pages />);
    expect(document.activeElement).toBe(document.body);
    act(() => go('/b'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Halaman /b' }));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('focuses a heading that appears after loading', async () => {
    render(<Pages />);
    act(() => go('/slow'));
    expect(document.activeElement).toBe(document.body);
    await screen.findByRole('heading', { name: 'Halaman /slow' });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Halaman /slow' }));
  });

  describe('a heading that appears 8 s after the page change', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      render(<Pages />);
      act(() => go('/slower'));
    });
    afterEach(() => vi.useRealTimers());
    /** Until the late heading is there, and the mutation observer has seen it. */
    const waitForHeading = async () => {
      act(() => vi.advanceTimersByTime(8_000));
      await act(async () => { await Promise.resolve(); });
      return screen.getByRole('heading', { name: 'Halaman /slower' });
    };

    it('takes focus if the user did nothing meanwhile (a loaded laptop, a slow network)', async () => {
      expect(8_000).toBeLessThan(ROUTE_FOCUS_WINDOW_MS);
      const heading = await waitForHeading();
      expect(document.activeElement).toBe(heading);
    });

    it('leaves focus where the user put it once they pressed a key', async () => {
      const button = screen.getByRole('button', { name: 'Tombol' });
      button.focus();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
      button.remove(); // what they reached goes away: focus falls to <body>, and stays there
      await waitForHeading();
      expect(document.activeElement).toBe(document.body);
    });

    it('still takes focus after the user answered a dialog (the photo gate): that is not taking focus on the page', async () => {
      const gate = document.createElement('div');
      gate.setAttribute('role', 'alertdialog');
      gate.append(document.createElement('button'));
      document.body.append(gate);
      gate.firstElementChild!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      gate.remove();
      const heading = await waitForHeading();
      expect(document.activeElement).toBe(heading);
    });
  });

  it('on a full load the app made (login, the next section), the first page heading takes focus too', () => {
    sessionStorage.setItem('epot.focus-heading', '1');
    render(<Pages />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Halaman /a' }));
    expect(sessionStorage.getItem('epot.focus-heading')).toBeNull();
  });

  it('does not take focus from an open dialog', () => {
    render(<Pages dialog />);
    act(() => go('/b'));
    expect(document.activeElement).toBe(document.body);
  });
});
