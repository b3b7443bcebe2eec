// The audit log: who changed what, before → after, when and from where; filters by action and date
// range; paged, newest first.
import { useCallback, useState, type FormEvent } from 'react';
import { Cell, Column, Form, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { listAudit, type AuditEntry, type AuditFilter } from './api/audit-api.ts';
import { formatCount, formatStaffDateTime } from '../../lib/format.ts';
import { dayBoundary, usePaged } from '../../lib/paged.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { AUDIT_TARGET_LABELS } from '../../../../contracts/facts/index.ts';

const t = staffMessages.audit;
const LIMIT = 20;

/** Leaf values of a JSON-like value by dotted path ({a:{b:1}} → a.b = 1). */
function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

/** before → after, short: only the fields that changed (by their path) when both are objects. */
export function changeText(before: unknown, after: unknown): string {
  const show = (v: unknown) => (v === null || v === undefined ? '–' : typeof v === 'string' ? v : JSON.stringify(v));
  const b = leaves(before);
  const a = leaves(after);
  if (b.size && a.size) {
    const keys = [...new Set([...b.keys(), ...a.keys()])].filter((k) => JSON.stringify(b.get(k)) !== JSON.stringify(a.get(k)));
    return keys.length ? keys.map((k) => `${k}: ${show(b.get(k))} → ${show(a.get(k))}`).join('; ') : '–';
  }
  if ((before === null || before === undefined) && a.size) return [...a].map(([k, v]) => `${k}: ${show(v)}`).join('; ');
  return `${show(before)} → ${show(after)}`;
}

export function AuditPage() {
  useStaffTitle(t.title);
  const [draft, setDraft] = useState({ action: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const load = useCallback((f: AuditFilter, p: number) => listAudit(f, p, LIMIT), []);
  const { data, error, loading, pageCount } = usePaged(load, filter, page);

  function apply(e: FormEvent) {
    e.preventDefault();
    setFilter({ action: draft.action.trim(), from: dayBoundary(draft.from, false), to: dayBoundary(draft.to, true) });
    setPage(1);
  }

  return (
    <section className="stack" aria-labelledby="audit-title">
      <h1 id="audit-title">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <Form className="staff-filters" onSubmit={apply} aria-label={t.filters}>
        <TextField label={t.action} description={t.actionHint} value={draft.action} onChange={(action) => setDraft({ ...draft, action })} />
        <TextField label={t.from} type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <TextField label={t.to} type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <Button type="submit">{t.apply}</Button>
      </Form>
      {error && <Alert tone="error">{error}</Alert>}
      {data && <p role="status">{t.total(formatCount(data.total))}</p>}
      <div className="staff-table-wrap">
        <Table aria-label={t.tableLabel} className="staff-table">
          <TableHeader>
            <Column isRowHeader>{t.columns.at}</Column>
            <Column>{t.columns.who}</Column>
            <Column>{t.columns.action}</Column>
            <Column>{t.columns.target}</Column>
            <Column>{t.columns.change}</Column>
            <Column>{t.columns.ip}</Column>
          </TableHeader>
          <TableBody items={data?.list ?? []} renderEmptyState={() => (loading ? staffMessages.app.loading : t.empty)}>
            {(e: AuditEntry) => (
              <Row id={e.id}>
                <Cell>{formatStaffDateTime(e.at)}</Cell>
                <Cell>{e.role === 'shell' ? t.shell : staffMessages.app.roles[e.role as keyof typeof staffMessages.app.roles] ?? e.role}</Cell>
                <Cell><code>{e.action}</code></Cell>
                <Cell>
                  {AUDIT_TARGET_LABELS[e.target_type] ? <span title={e.target_type}>{AUDIT_TARGET_LABELS[e.target_type]}</span> : <code>{e.target_type}</code>} {e.target_id}
                </Cell>
                {/* A technical record, like the action: field paths and values shown as code (issue 32). */}
                <Cell className="staff-change"><code>{changeText(e.before, e.after)}</code></Cell>
                <Cell>{e.ip ?? '–'}{e.socket_ip && e.socket_ip !== e.ip ? ` (${t.viaSocket(e.socket_ip)})` : ''}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <Pagination page={page} pageCount={pageCount} onChange={setPage} labels={staffMessages.paging} isDisabled={loading} />
    </section>
  );
}
