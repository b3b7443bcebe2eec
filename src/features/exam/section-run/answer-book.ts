// A section run's answers as atoms, one per question (issue 16): a question's options and its grid
// cell subscribe to their own question, the counters to the counts, so a click re-renders those and
// not the screen. The run's `latest.answers` stays the record autosave and submission read; the
// book only publishes it.
import { atom } from 'jotai';
import type { Atom, createStore, PrimitiveAtom } from 'jotai';
import { isAnswered } from '../section-model.ts';
import type { Answers } from '../section-model.ts';

type Store = ReturnType<typeof createStore>;

export interface AnswerBook {
  /** The chosen option's text, null while unanswered. */
  answer(questionId: string): Atom<string | null>;
  /** Changes only when the question goes from unanswered to answered (or back). */
  answered(questionId: string): Atom<boolean>;
  answeredCount: Atom<number>;
  unansweredCount: Atom<number>;
}

export interface WritableAnswerBook extends AnswerBook {
  /** The section's questions, in order; the counts cover these. */
  setQuestions(store: Store, questionIds: readonly string[]): void;
  /** Sets the atoms of the questions whose answer differs from what the store holds; the others do not notify. */
  publish(store: Store, answers: Answers): void;
}

export function createAnswerBook(): WritableAnswerBook {
  const answers = new Map<string, PrimitiveAtom<string | null>>();
  const answered = new Map<string, Atom<boolean>>();
  const answerAtom = (id: string) => {
    let a = answers.get(id);
    if (!a) answers.set(id, (a = atom<string | null>(null)));
    return a;
  };
  const answeredAtom = (id: string) => {
    let a = answered.get(id);
    if (!a) answered.set(id, (a = atom((get) => get(answerAtom(id)) !== null)));
    return a;
  };
  let ids: readonly string[] = [];
  // What the atoms hold, as plain values: comparing against the store costs an atom read per
  // question on every click (issue 16). They hold for one store; another store starts afresh.
  const shown = new Map<string, string | null>();
  let shownCount = -1;
  let shownIn: Store | null = null;
  const total = atom(0);
  const answeredCount = atom(0);
  const unansweredCount = atom((get) => get(total) - get(answeredCount));

  return {
    answer: answerAtom,
    answered: answeredAtom,
    answeredCount,
    unansweredCount,
    setQuestions(store, questionIds) {
      ids = questionIds;
      store.set(total, ids.length);
    },
    publish(store, next) {
      if (shownIn !== store) {
        shownIn = store;
        shown.clear();
        shownCount = -1;
      }
      let count = 0;
      for (const id of ids) {
        const value = next[id] ?? null;
        if (!shown.has(id) || shown.get(id) !== value) {
          shown.set(id, value);
          store.set(answerAtom(id), value);
        }
        if (isAnswered(next, id)) count++;
      }
      if (count !== shownCount) {
        shownCount = count;
        store.set(answeredCount, count);
      }
    },
  };
}
