// The numbered question grid (spec 2.2-2.4) as one tab stop: Tab enters on the current question
// (or the one last focused), the arrow keys, Home and End move between numbers (roving tabindex,
// WAI-ARIA APG), Enter or Space opens the question. Each number's name says whether it is answered
// or the current one. Without `onSelect` (listening) the numbers only show state and are disabled.
import { useRef, useState, type KeyboardEvent } from 'react';
import { messages } from '../../../i18n/messages.ts';
import type { GridCell } from '../section-model.ts';

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

function cellLabel(c: GridCell): string {
  const state = [c.answered ? messages.exam.gridAnswered : null, c.status === 'current' ? messages.exam.gridCurrent : null]
    .filter(Boolean).join(', ');
  return `${messages.exam.questionLabel(c.number)}${state ? `, ${state}` : ''}`;
}

export function QuestionGrid({ cells, onSelect }: { cells: GridCell[]; onSelect?: (questionIndex: number) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(0, cells.findIndex((c) => c.status === 'current'));
  // The cell that holds the tab stop: the one last focused while this question is current, else the current one.
  const [focused, setFocusedAt] = useState<{ at: number; current: number } | null>(null);
  const stop = focused && focused.current === current && focused.at < cells.length ? focused.at : current;
  const setFocused = (at: number) => setFocusedAt({ at, current });

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const from = buttons.current.findIndex((b) => b === document.activeElement);
    if (from < 0) return;
    const to = gridMove(e.key, from, cells.length);
    if (to === null) return;
    e.preventDefault();
    setFocused(to);
    buttons.current[to]?.focus();
  }

  return (
    <nav aria-label={messages.exam.questionNav} className="question-grid">
      <p className="visually-hidden" id="question-grid-help">{messages.exam.gridHelp}</p>
      <ul onKeyDown={onKeyDown} aria-describedby="question-grid-help">
        {cells.map((c, i) => (
          <li key={c.questionIndex}>
            <button
              type="button"
              ref={(el) => { buttons.current[i] = el; }}
              className={`btn btn-secondary grid-cell grid-${c.status}`}
              aria-label={cellLabel(c)}
              aria-current={c.status === 'current' ? 'step' : undefined}
              tabIndex={i === stop ? 0 : -1}
              disabled={!onSelect}
              onFocus={() => setFocused(i)}
              onClick={() => onSelect?.(c.questionIndex)}
              data-status={c.status}
            >
              {c.number}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
