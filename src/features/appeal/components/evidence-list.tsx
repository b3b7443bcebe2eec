// The candidate's own flags behind the decision: time, kind, section, reason, what was heard and
// their own photo (a signed URL only they are handed), and the other monitoring notes.
import type { AppealDetail } from '../../../../contracts/appeals.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';

const t = messages.appeal;
const sectionName = (s: string) => (messages.exam.sectionName as Record<string, string>)[s] ?? s;
const clock = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const timeOf = (iso: string) => clock.format(new Date(iso));

export function EvidenceList({ evidence }: { evidence: AppealDetail['evidence'] }) {
  const events = evidence.events.filter((e) => t.events[e.kind]);
  return (
    <section aria-labelledby="evidence-title" className="stack">
      <h2 id="evidence-title">{t.evidenceTitle}</h2>
      <p className="muted">{t.evidenceIntro}</p>
      {evidence.violations.length === 0 ? <p>{t.evidenceEmpty}</p> : (
        <ol className="appeal-evidence" data-testid="appeal-evidence">
          {evidence.violations.map((v, i) => (
            <li key={`${v.created_at}-${i}`}>
              <p><strong>{t.kinds[v.counter_type]}</strong> · {sectionName(v.section)} · <time dateTime={v.created_at}>{formatDateTime(v.created_at)}</time></p>
              <p>{t.reason}: {v.reason}</p>
              {v.text_voice && <p>{t.heard(v.text_voice)}</p>}
              {v.image_url
                ? <img src={v.image_url} alt={t.photoAlt(timeOf(v.created_at))} width={240} height={140} loading="lazy" />
                : <p className="muted">{t.noPhoto}</p>}
            </li>
          ))}
        </ol>
      )}
      {events.length > 0 && (
        <>
          <h3>{t.eventsTitle}</h3>
          <ul>
            {events.map((e, i) => (
              <li key={`${e.created_at}-${i}`}>
                {t.events[e.kind]} · {sectionName(e.section)} · {formatDateTime(e.created_at)}
                {e.duration_ms !== null ? ` · ${t.seconds(Math.round(e.duration_ms / 1000))}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
