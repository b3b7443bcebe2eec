// The appeal screen (/epot/:id/appeal): the decision on the attempt, the candidate's own evidence,
// and the appeal: a text (no upload), once, until the deadline; then its state and the answer.
import { useEffect, useState, type FormEvent } from 'react';
import { Form, Link } from 'react-aria-components';
import { useParams } from 'react-router';
import { APPEAL_TEXT_MIN } from '../../../../contracts/facts/index.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { getAppeal, sendAppeal, type AppealDetail } from '../api/appeal-api.ts';
import { EvidenceList } from './evidence-list.tsx';
import '../appeal.css';

const t = messages.appeal;

function AppealState({ data }: { data: AppealDetail }) {
  const a = data.appeal!;
  return (
    <section className="stack" aria-labelledby="appeal-own-title" data-testid="appeal-state">
      <h2 id="appeal-own-title">{t.yourAppeal}</h2>
      <blockquote className="appeal-text">{a.text}</blockquote>
      <p className="muted">{t.sentAt(formatDateTime(a.created_at))}</p>
      {a.status === 'open' ? <p role="status">{t.waiting}</p> : (
        <div className="appeal-answer" data-testid="appeal-answer">
          <h3>{t.answerTitle}</h3>
          <p><strong>{a.outcome ? t.outcomes[a.outcome] : ''}</strong></p>
          {a.answer_note && <p>{a.answer_note}</p>}
          {a.answered_at && <p className="muted">{t.answeredAt(formatDateTime(a.answered_at))}</p>}
        </div>
      )}
    </section>
  );
}

/** The result once the attempt counts (e.g. after an overturned disqualification), with its certificate. */
function ResultPanel({ result }: { result: NonNullable<AppealDetail['result']> }) {
  const c = result.certificate;
  return (
    <section className="appeal-answer stack" aria-labelledby="appeal-result-title" data-testid="appeal-result">
      <h2 id="appeal-result-title">{t.resultTitle}</h2>
      <p><strong data-testid="appeal-score">{t.resultValue(String(result.total_score ?? '–'), result.level ?? '–')}</strong></p>
      {c && (
        <p>
          <span data-testid="appeal-certificate">{t.certificate(c.number)}</span>{' · '}
          <Link href={c.public_url} target="_blank">{t.certificatePdf}</Link>{' · '}
          <Link href={new URL(c.verify_url).pathname}>{t.certificateVerify}</Link>
        </p>
      )}
    </section>
  );
}

function AppealForm({ id, onSent }: { id: string; onSent: (message: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim().length < APPEAL_TEXT_MIN) return setError(t.textRequired);
    setError(null);
    setBusy(true);
    try {
      onSent((await sendAppeal(id, text.trim())).message);
    } catch (err) {
      setFailure(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form className="stack" onSubmit={(e) => void submit(e)} aria-label={t.title}>
      <TextField label={t.textLabel} description={t.textHint} multiline value={text}
        onChange={(v) => { setText(v); setError(null); }} errorMessage={error ?? undefined} isRequired />
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" isDisabled={busy}>{busy ? t.sending : t.submit}</Button>
    </Form>
  );
}

export function AppealPage() {
  useDocumentTitle(t.title);
  const { id = '' } = useParams();
  const [data, setData] = useState<AppealDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    getAppeal(id).then((d) => { if (live) setData(d); }).catch((err: unknown) => { if (live) setError(apiErrorText(err)); });
    return () => { live = false; };
  }, [id, round]);

  return (
    <section className="card card-wide stack" aria-labelledby="appeal-title">
      <h1 id="appeal-title">{t.title}</h1>
      {error && <Alert tone="error">{error}</Alert>}
      {sent && <Alert tone="success">{sent}</Alert>}
      {data && (
        <>
          <dl className="kv">
            <dt>{t.orderNo}</dt><dd>{data.order_no}</dd>
            <dt>{t.decision}</dt><dd data-testid="appeal-decision">{t.decisions[data.decision ?? 'none']}</dd>
          </dl>
          {data.result && <ResultPanel result={data.result} />}
          {data.appeal ? <AppealState data={data} /> : data.can_appeal ? (
            <>
              <p>{t.intro}</p>
              <p>{t.deadline(formatDateTime(data.deadline_at!))}</p>
              <AppealForm id={id} onSent={(message) => { setSent(message); setRound((r) => r + 1); }} />
            </>
          ) : <p>{t.closed}</p>}
          <EvidenceList evidence={data.evidence} />
        </>
      )}
      <Link href={paths.epot}>{t.back}</Link>
    </section>
  );
}
