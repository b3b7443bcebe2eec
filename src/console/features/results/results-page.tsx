// Results: one row per order of the institution's members; filters (status, date range, search),
// sorting, paging, and the CSV / XLSX exports of exactly what is filtered.
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { ORDER_STATUS_CODES, ORDER_STATUS_LABELS } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { downloadResults, listResults, type ResultFilter } from './api/results-api.ts';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';
import { formatCount } from '../../lib/format.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import { usePaged } from '../../lib/paged.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { ResultsTable } from './results-table.tsx';

const t = staffMessages.results;
const LIMIT = 20;
const ALL = 'all';

export function ResultsPage() {
  useStaffTitle(t.title);
  const institution = useAtomValue(actingInstitutionAtom);
  const [draft, setDraft] = useState({ status: ALL, from: '', to: '', search: '' });
  const [applied, setApplied] = useState(draft);
  const [sort, setSort] = useState<Pick<ResultFilter, 'sort' | 'order'>>({ sort: 'created_at', order: 'desc' });
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const filter = useMemo<ResultFilter>(() => ({
    institution, status: applied.status === ALL ? null : (applied.status as ResultFilter['status']),
    from: applied.from, to: applied.to, search: applied.search.trim(), ...sort,
  }), [institution, applied, sort]);
  const load = useCallback((f: ResultFilter, p: number) => listResults(f, p, LIMIT), []);
  const { data, error, loading, pageCount } = usePaged(load, filter, page);

  function apply(e: FormEvent) {
    e.preventDefault();
    setApplied(draft);
    setPage(1);
  }

  async function download(format: 'csv' | 'xlsx') {
    setExporting(format);
    setExportError(null);
    try { await downloadResults(filter, format); } catch (err) { setExportError(errorText(err)); } finally { setExporting(null); }
  }

  const statuses = [{ value: ALL, label: t.allStatuses }, ...ORDER_STATUS_CODES.map((c) => ({ value: c, label: ORDER_STATUS_LABELS[c] }))];
  return (
    <section className="stack" aria-labelledby="results-title">
      <h1 id="results-title">{t.title}</h1>
      <InstitutionPicker optional />
      <Form className="staff-filters" onSubmit={apply} aria-label={t.filters}>
        <TextField label={t.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
        <TextField label={t.from} type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <TextField label={t.to} type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <RadioGroup label={t.status} value={draft.status} options={statuses} onChange={(status) => setDraft({ ...draft, status })} />
        <Button type="submit">{t.apply}</Button>
      </Form>
      <div className="form-actions" role="group" aria-label={t.exports}>
        <Button variant="secondary" onPress={() => void download('csv')} isDisabled={exporting !== null}>{exporting === 'csv' ? t.exporting : t.downloadCsv}</Button>
        <Button variant="secondary" onPress={() => void download('xlsx')} isDisabled={exporting !== null}>{exporting === 'xlsx' ? t.exporting : t.downloadXlsx}</Button>
      </div>
      {exportError && <Alert tone="error">{exportError}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {data && <p role="status">{t.total(formatCount(data.total))}</p>}
      <ResultsTable rows={data?.list ?? []} loading={loading} sort={{ column: sort.sort, direction: sort.order === 'asc' ? 'ascending' : 'descending' }}
        onSortChange={(d) => { setSort({ sort: d.column, order: d.direction === 'ascending' ? 'asc' : 'desc' }); setPage(1); }} />
      <Pagination page={page} pageCount={pageCount} onChange={setPage} labels={staffMessages.paging} isDisabled={loading} />
    </section>
  );
}
