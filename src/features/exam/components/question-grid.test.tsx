import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnswerBook } from '../section-run/answer-book.ts';
import { gridMove, QuestionGrid } from './question-grid.tsx';

/** A grid of `n` questions (ids q0…), `answered` ones answered, on the run's answer book. */
function grid(n: number, current: number | number[], answered: number[] = [], onSelect?: (questionIndex: number) => void) {
  const store = createStore();
  const book = createAnswerBook();
  const questions = Array.from({ length: n }, (_, i) => ({ question: { id: `q${i}`, number: i + 1 }, index: i }));
  book.setQuestions(store, questions.map((q) => q.question.id));
  book.publish(store, Object.fromEntries(answered.map((i) => [`q${i}`, 'x'])));
  const ui = (at: number | number[]) => (
    <Provider store={store}><QuestionGrid questions={questions} current={at} answered={book.answered} onSelect={onSelect} /></Provider>
  );
  const view = render(ui(current));
  return { store, book, rerender: (at: number | number[]) => view.rerender(ui(at)) };
}
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

  it('keeps the answered fill on the current question (the current one is a ring, issue 32)', () => {
    grid(5, 1, [1]);
    expect(screen.getByRole('button', { current: 'step' }).className).toContain('grid-answered');
  });

  it('is one tab stop (the current question) that the arrow keys move; pressing the focused number opens its question', () => {
    const onSelect = vi.fn();
    grid(12, 2, [0], onSelect);
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
    const { rerender } = grid(12, 2, [], () => {});
    const third = screen.getByRole('button', { name: 'Soal 3, soal saat ini' });
    third.focus();
    fireEvent.keyDown(third, { key: 'Home' });
    expect(tabStops().map((b) => b.textContent)).toEqual(['1']);
    rerender(6);
    expect(tabStops().map((b) => b.textContent)).toEqual(['7']);
  });

  it('without onSelect (listening) the numbers only show their state; several may be current', () => {
    grid(4, [1, 2], [0]);
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getAllByRole('button').map((b) => b.dataset.status)).toEqual(['answered', 'current', 'current', 'default']);
  });

  it('a cell follows its question\'s answer; the current one stays current', () => {
    const { store, book } = grid(4, 1);
    act(() => book.publish(store, { q1: 'x', q3: 'y' }));
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Soal 1', 'Soal 2, sudah dijawab, soal saat ini', 'Soal 3', 'Soal 4, sudah dijawab',
    ]);
    act(() => book.publish(store, { q1: 'x' }));
    expect(screen.getByRole('button', { name: 'Soal 4' }).dataset.status).toBe('default');
  });
});
