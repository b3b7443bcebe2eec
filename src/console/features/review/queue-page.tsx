// The review queue: every disqualification, results at or over the institution's risk threshold and
// appeals, highest risk first; filters (review state, why queued, search) and paging. Operators may
// pick one institution or see all.
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { listReviewQueue, type QueueFilter } from './api/review-api.ts';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';
import { formatCount } from '../../lib/format.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import { usePaged } from '../../lib/paged.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { QueueTable } from './queue-table.tsx';

const t = staffReviewMessages.queue;
const LIMIT = 20;
type Draft = Omit<QueueFilter, 'institution'>;

export function ReviewQueuePage() {
  useStaffTitle(t.title);
  const institution = useAtomValue(actingInstitutionAtom);
  const [draft, setDraft] = useState<Draft>({ state: 'open', reason: 'all', search: '' });
  const [applied, setApplied] = useState(draft);
  const [page, setPage] = useState(1);
  const filter = useMemo<QueueFilter>(() => ({ institution, ...applied, search: applied.search.trim() }), [institution, applied]);
  const load = useCallback((f: QueueFilter, p: number) => listReviewQueue(f, p, LIMIT), []);
  const { data, error, loading, pageCount } = usePaged(load, filter, page);

  function apply(e: FormEvent) {
    e.preventDefault();
    setApplied(draft);
    setPage(1);
  }

  const states = (['open', 'decided', 'all'] as const).map((v) => ({ value: v, label: t.states[v] }));
  const reasons = (['all', 'disqualified', 'risk', 'appeal', 'evidence'] as const).map((v) => ({ value: v, label: t.reasons[v] }));
  return (
    <section className="stack" aria-labelledby="queue-title">
      <h1 id="queue-title">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <InstitutionPicker optional />
      <Form className="staff-filters" onSubmit={apply} aria-label={t.filters}>
        <TextField label={t.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
        <RadioGroup label={t.state} value={draft.state} options={states} onChange={(v) => setDraft({ ...draft, state: v as Draft['state'] })} />
        <RadioGroup label={t.reason} value={draft.reason} options={reasons} onChange={(v) => setDraft({ ...draft, reason: v as Draft['reason'] })} />
        <Button type="submit">{t.apply}</Button>
      </Form>
      {error && <Alert tone="error">{error}</Alert>}
      {data && <p role="status">{t.total(formatCount(data.total))}</p>}
      <QueueTable rows={data?.list ?? []} loading={loading} />
      <Pagination page={page} pageCount={pageCount} onChange={setPage} labels={staffMessages.paging} isDisabled={loading} />
    </section>
  );
}
