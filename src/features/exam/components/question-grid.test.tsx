import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridCell } from '../section-model.ts';
import { gridMove, QuestionGrid } from './question-grid.tsx';

const cells = (n: number, current: number, answered: number[] = []): GridCell[] => Array.from({ length: n }, (_, i) => ({
  number: i + 1, questionIndex: i, answered: answered.includes(i), status: i === current ? 'current' : answered.includes(i) ? 'answered' : 'default',
}));
const tabStops = () => screen.getAllByRole('button').filter((b) => b.tabIndex === 0);

describe('gridMove', () => {
  it('moves by one, by a row of five, to either end, and stays inside the grid', () => {
    expect(gridMove('ArrowRight', 3, 12)).toBe(4);
    expect(gridMove('ArrowRight', 11, 12)).toBe(11);
    expect(gridMove('ArrowLeft', 0, 12)).toBe(0);
    expect(gridMove('ArrowDown', 3, 12)).toBe(8);
    expect(gridMove('ArrowDown', 8, 12)).toBe(8);
    expect(gridMove('ArrowUp', 8, 12)).toBe(3);
    expect(gridMove('Home', 8, 12)).toBe(0);
    expect(gridMove('End', 2, 12)).toBe(11);
    expect(gridMove('a', 2, 12)).toBeNull();
  });
});

describe('QuestionGrid', () => {
  afterEach(cleanup);

  it('is one tab stop (the current question) that the arrow keys move; pressing the focused number opens its question', () => {
    const onSelect = vi.fn();
    render(<QuestionGrid cells={cells(12, 2, [0])} onSelect={onSelect} />);
    expect(screen.getByRole('navigation', { name: 'Navigasi soal' })).toBeTruthy();
    expect(tabStops().map((b) => b.textContent)).toEqual(['3']);
    const current = screen.getByRole('button', { name: 'Soal 3, soal saat ini' });
    expect(current.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('button', { name: 'Soal 1, sudah dijawab' })).toBeTruthy();
    current.focus();
    fireEvent.keyDown(current, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Soal 4' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Soal 9' }));
    expect(tabStops().map((b) => b.textContent)).toEqual(['9']);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('12');
    fireEvent.click(document.activeElement!);
    expect(onSelect).toHaveBeenCalledWith(11);
  });

  it('gives the tab stop back to the current question when it changes', () => {
    const { rerender } = render(<QuestionGrid cells={cells(12, 2)} onSelect={() => {}} />);
    const third = screen.getByRole('button', { name: 'Soal 3, soal saat ini' });
    third.focus();
    fireEvent.keyDown(third, { key: 'Home' });
    expect(tabStops().map((b) => b.textContent)).toEqual(['1']);
    rerender(<QuestionGrid cells={cells(12, 6)} onSelect={() => {}} />);
    expect(tabStops().map((b) => b.textContent)).toEqual(['7']);
  });

  it('without onSelect (listening) the numbers only show their state', () => {
    render(<QuestionGrid cells={cells(4, 1, [0])} />);
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});
