import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRouteFocus } from './use-route-focus.ts';

let go: (path: string) => void = () => {};
function Pages({ dialog = false }: { dialog?: boolean }) {
  const [path, setPath] = useState('/a');
  go = setPath;
  useRouteFocus(path);
  const [loaded, setLoaded] = useState(false);
  if (path === '/slow' && !loaded) setTimeout(() => setLoaded(true), 10);
  return (
    <main id="content">
      <button type="button">Tombol</button>
      {path === '/slow' && !loaded ? <p>Memuat</p> : <h1>Halaman {path}</h1>}
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
