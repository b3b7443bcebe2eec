// One question: its passage (reading) when it has one, its text (written expression with the
// underlined, lettered parts), an optional image and the four options as a labelled radio group.
// Only the options read the answer (its own atom): a click re-renders them, not the question.
import { useAtomValue } from 'jotai';
import type { Atom } from 'jotai';
import { memo, useCallback, useMemo } from 'react';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import { messages } from '../../../i18n/messages.ts';
import { ChoiceGroup } from '../../../ui/choice-group.tsx';
import { parseUnderlines } from '../section-model.ts';
import type { FlatQuestion } from '../section-model.ts';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

export function QuestionText({ text }: { text: string }) {
  const segments = parseUnderlines(text);
  return (
    <p className="question-text">
      {segments.map((s, i) => s.letter ? (
        <span key={i} className="underlined">
          <u>{s.text}</u>
          <sub className="underline-letter" aria-label={`(${s.letter})`}>{s.letter}</sub>
        </span>
      ) : <span key={i}>{s.text}</span>)}
    </p>
  );
}

export function Passage({ q }: { q: FlatQuestion }) {
  if (!q.list.is_group || !q.list.text.trim()) return null;
  return (
    <article className="passage" aria-label={`Passage`} tabIndex={0}>
      {q.list.text.split(/\n{2,}/).map((para, i) => <p key={i}>{para}</p>)}
    </article>
  );
}

type OnAnswer = (questionId: string, text: string) => void;

/** `onAnswer` should be stable (the run's `setAnswer` is): the view is memoised. */
export const QuestionView = memo(function QuestionView({ q, section, answer, onAnswer, disabled, headingRef }: {
  q: FlatQuestion;
  section: ExamSectionName;
  /** This question's answer (the run's answer book). */
  answer: Atom<string | null>;
  onAnswer: OnAnswer;
  disabled?: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const { question } = q;
  return (
    <div className="question" data-testid="question" data-number={question.number}>
      <h2 ref={headingRef} tabIndex={-1} className="question-number">{messages.exam.questionLabel(question.number)}</h2>
      {question.question.text && <QuestionText text={question.question.text} />}
      {question.question.media && <img className="question-image" src={question.question.media.url} alt="" />}
      <QuestionOptions q={q} answer={answer} onAnswer={onAnswer} disabled={disabled} />
      {section === 'listening' && <p className="field-help">{messages.exam.noRevisit}</p>}
    </div>
  );
});

function QuestionOptions({ q, answer, onAnswer, disabled }: { q: FlatQuestion; answer: Atom<string | null>; onAnswer: OnAnswer; disabled?: boolean }) {
  const { question } = q;
  const value = useAtomValue(answer);
  const onChange = useCallback((text: string) => onAnswer(question.id, text), [onAnswer, question.id]);
  const options = useMemo(() => question.options.map((o, i) => ({
    value: o.text,
    label: <><span className="option-letter" aria-hidden="true">({LETTERS[i]})</span> {o.text}</>,
  })), [question.options]);
  return (
    <ChoiceGroup label={messages.exam.options(question.number)} value={value} isDisabled={disabled} onChange={onChange} options={options} />
  );
}
