// The numbered question grid (spec 2.2-2.4) as one tab stop: Tab enters on the current question
// (or the one last focused), the arrow keys, Home and End move between numbers (roving tabindex,
// WAI-ARIA APG), Enter or Space opens the question. Each number's name says whether it is answered
// or the current one. Without `onSelect` (listening) the numbers only show state and are disabled.
import { useAtomValue } from 'jotai';
import type { Atom } from 'jotai';
import { memo, useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { gridStatus } from '../section-model.ts';
import type { GridStatus } from '../section-model.ts';

/** The grid's columns (exam.css: `.question-grid ul`), for ArrowUp / ArrowDown. */
export const GRID_COLUMNS = 5;

/** The cell index a key moves to from `from`, or null for other keys. */
export function gridMove(key: string, from: number, count: number, columns = GRID_COLUMNS): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight': return Math.min(last, from + 1);
    case 'ArrowLeft': return Math.max(0, from - 1);
    case 'ArrowDown': return from + columns <= last ? from + columns : from;
    case 'ArrowUp': return from - columns >= 0 ? from - columns : from;
    case 'Home': return 0;
    case 'End': return last;
    default: return null;
  }
}

function cellLabel(number: number, status: GridStatus, answered: boolean): string {
  const state = [answered ? messages.exam.gridAnswered : null, status === 'current' ? messages.exam.gridCurrent : null]
    .filter(Boolean).join(', ');
  return `${messages.exam.questionLabel(number)}${state ? `, ${state}` : ''}`;
}

/** A question as the grid shows it (a FlatQuestion is one). */
export interface GridQuestion {
  question: { id: string; number: number };
  /** 0-based in the section. */
  index: number;
}

/**
 * Memoised, and so is each cell: a cell reads its own question's `answered` atom, so an answer
 * re-renders that cell only; a move re-renders the grid and the cells whose state changed.
 * `questions` and `answered` should keep their identity between renders (`current` may be a new array).
 */
export const QuestionGrid = memo(function QuestionGrid({ questions, current, answered, onSelect }: {
  questions: readonly GridQuestion[];
  /** The current question's index, or several (listening shows a conversation's questions together). */
  current: number | readonly number[] | null;
  answered: (questionId: string) => Atom<boolean>;
  /** Opens a question by its index; without it (listening) the numbers only show state and are disabled. */
  onSelect?: (questionIndex: number) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const currents = typeof current === 'number' ? [current] : current ?? [];
  const currentKey = currents.join(',');
  const isCurrent = (q: GridQuestion) => currents.includes(q.index);
  const currentAt = Math.max(0, questions.findIndex(isCurrent));
  // The cell that holds the tab stop: the one last focused while this question is current, else the current one.
  const [focused, setFocusedAt] = useState<{ at: number; current: string } | null>(null);
  const stop = focused && focused.current === currentKey && focused.at < questions.length ? focused.at : currentAt;

  // Stable callbacks for the memoised cells; they read the latest props through a ref.
  const latest = useRef({ currentKey, onSelect });
  useLayoutEffect(() => {
    latest.current = { currentKey, onSelect };
  });
  const onCellFocus = useCallback((at: number) => setFocusedAt({ at, current: latest.current.currentKey }), []);
  const onCellSelect = useCallback((questionIndex: number) => latest.current.onSelect?.(questionIndex), []);
  const register = useCallback((at: number, el: HTMLButtonElement | null) => { buttons.current[at] = el; }, []);

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const from = buttons.current.findIndex((b) => b === document.activeElement);
    if (from < 0) return;
    const to = gridMove(e.key, from, questions.length);
    if (to === null) return;
    e.preventDefault();
    setFocusedAt({ at: to, current: currentKey });
    buttons.current[to]?.focus();
  }

  return (
    <nav aria-label={messages.exam.questionNav} className="question-grid">
      <p className="visually-hidden" id="question-grid-help">{messages.exam.gridHelp}</p>
      <ul onKeyDown={onKeyDown} aria-describedby="question-grid-help">
        {questions.map((q, i) => (
          <GridCell key={q.index} at={i} number={q.question.number} questionIndex={q.index} answered={answered(q.question.id)} isCurrent={isCurrent(q)}
            isStop={i === stop} selectable={Boolean(onSelect)} onFocusAt={onCellFocus} onSelect={onCellSelect} register={register} />
        ))}
      </ul>
    </nav>
  );
});

const GridCell = memo(function GridCell({ at, number, questionIndex, answered: answeredAtom, isCurrent, isStop, selectable, onFocusAt, onSelect, register }: {
  at: number;
  number: number;
  questionIndex: number;
  answered: Atom<boolean>;
  isCurrent: boolean;
  isStop: boolean;
  selectable: boolean;
  onFocusAt: (at: number) => void;
  onSelect: (questionIndex: number) => void;
  register: (at: number, el: HTMLButtonElement | null) => void;
}) {
  const answered = useAtomValue(answeredAtom);
  const status = gridStatus(isCurrent, answered);
  return (
    <li>
      <button
        type="button"
        ref={(el) => register(at, el)}
        className={`btn btn-secondary grid-cell grid-${status}${status === 'current' && answered ? ' grid-answered' : ''}`}
        aria-label={cellLabel(number, status, answered)}
        aria-current={status === 'current' ? 'step' : undefined}
        tabIndex={isStop ? 0 : -1}
        disabled={!selectable}
        onFocus={() => onFocusAt(at)}
        onClick={() => onSelect(questionIndex)}
        data-status={status}
      >
        {number}
      </button>
    </li>
  );
});
