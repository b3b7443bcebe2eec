import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusRescue } from './use-focus-rescue.ts';

let setItem: (n: number) => void = () => {};
let setDialog: (open: boolean) => void = () => {};

/** A screen whose item changes by itself, with a dialog over it (as a proctoring warning is). */
function Screen() {
  const [item, setItemState] = useState(1);
  const [dialog, setDialogState] = useState(false);
  setItem = setItemState;
  setDialog = setDialogState;
  const main = useRef<HTMLElement>(null);
  useFocusRescue(() => main.current?.querySelector<HTMLElement>('h2'));
  return (
    <>
      <button type="button">Bacakan sisa waktu</button>
      <section ref={main}>
        <div key={item}>
          <h2>Soal {item}</h2>
          <button type="button">Pilihan {item}</button>
        </div>
      </section>
      {dialog && <div role="alertdialog" aria-label="Peringatan"><button type="button">Saya mengerti</button></div>}
    </>
  );
}

const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));

describe('useFocusRescue', () => {
  afterEach(cleanup);

  it("gives focus to the current item's heading when a dialog closes after the item it came from has gone", async () => {
    render(<Screen />);
    screen.getByRole('button', { name: 'Pilihan 1' }).focus();
    act(() => setDialog(true));
    screen.getByRole('button', { name: 'Saya mengerti' }).focus();
    act(() => setItem(2));
    await frame();
    // While the dialog is open it keeps focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Saya mengerti' }));
    act(() => setDialog(false));
    await frame();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Soal 2' }));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves focus alone when it is somewhere on the page', async () => {
    render(<Screen />);
    const read = screen.getByRole('button', { name: 'Bacakan sisa waktu' });
    read.focus();
    act(() => setItem(2));
    await frame();
    expect(document.activeElement).toBe(read);
  });

  it('takes focus back from <body> when the focused question is removed', async () => {
    render(<Screen />);
    screen.getByRole('button', { name: 'Pilihan 1' }).focus();
    act(() => setItem(2));
    await frame();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Soal 2' }));
  });
});
