// One question: its passage (reading) when it has one, its text (written expression with the
// underlined, lettered parts), an optional image and the four options as a labelled radio group.
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import { messages } from '../../../i18n/messages.ts';
import { RadioGroup } from '../../../ui/radio-group.tsx';
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

export function QuestionView({ q, section, answer, onAnswer, disabled, headingRef }: {
  q: FlatQuestion;
  section: ExamSectionName;
  answer: string | null;
  onAnswer: (questionId: string, text: string) => void;
  disabled?: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const { question } = q;
  return (
    <div className="question" data-testid="question" data-number={question.number}>
      <h2 ref={headingRef} tabIndex={-1} className="question-number">{messages.exam.questionLabel(question.number)}</h2>
      {question.question.text && <QuestionText text={question.question.text} />}
      {question.question.media && <img className="question-image" src={question.question.media.url} alt="" />}
      <RadioGroup
        label={messages.exam.options(question.number)}
        labelHidden
        value={answer}
        isDisabled={disabled}
        onChange={(text) => onAnswer(question.id, text)}
        options={question.options.map((o, i) => ({
          value: o.text,
          label: <><span className="option-letter" aria-hidden="true">({LETTERS[i]})</span> {o.text}</>,
        }))}
      />
      {section === 'listening' && <p className="field-help">{messages.exam.noRevisit}</p>}
    </div>
  );
}
