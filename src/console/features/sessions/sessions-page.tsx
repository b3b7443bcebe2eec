// /admin/sessions (issue 30): the institution's test-day sessions, newest first, each with its window
// in WIB and a link to its live view; institution admins and operators schedule new ones.
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { staffSessionMessages } from '../../../i18n/staff-session-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { formatCount, formatWibDateTime, formatWibTime } from '../../lib/format.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import type { Notice } from '../../lib/notice.ts';
import { usePaged } from '../../lib/paged.ts';
import { actingInstitutionAtom, mayChangeInstitution, staffAtom } from '../../lib/staff-session.ts';
import { sessionLivePath } from '../../lib/staff-paths.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { listSessions } from './api/sessions-api.ts';
import { SessionCreateForm } from './session-create-form.tsx';
import './sessions.css';

const t = staffSessionMessages.list;
const LIMIT = 20;

export function SessionsPage() {
  useStaffTitle(t.title);
  const staff = useAtomValue(staffAtom)!;
  const institution = useAtomValue(actingInstitutionAtom);
  const canCreate = mayChangeInstitution(staff.role) && institution !== null;
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const load = useCallback((inst: string | null, p: number) => listSessions(inst, p, LIMIT), []);
  const { data, error, loading, reload, pageCount } = usePaged(load, institution, page);

  return (
    <section className="stack" aria-labelledby="sessions-title">
      <h1 id="sessions-title">{t.title}</h1>
      <p>{t.intro}</p>
      <InstitutionPicker optional />
      {canCreate && !creating && <Button onPress={() => { setCreating(true); setNotice(null); }}>{staffSessionMessages.create.open}</Button>}
      {creating && (
        <SessionCreateForm earlier={data?.list ?? []} onCancel={() => setCreating(false)}
          onCreated={(message) => { setCreating(false); setNotice({ tone: 'success', text: message }); reload(); }} />
      )}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {data && <p role="status">{t.total(formatCount(data.total))}</p>}
      <div className="staff-table-wrap">
        <table className="staff-table" aria-label={t.tableLabel} aria-busy={loading}>
          <thead>
            <tr>{(['name', 'window', 'phase', 'members', 'actions'] as const).map((c) => <th key={c} scope="col">{t.columns[c]}</th>)}</tr>
          </thead>
          <tbody>
            {data?.list.length === 0 && <tr><td colSpan={5}>{t.empty}</td></tr>}
            {data?.list.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.name}</th>
                <td>{t.window(formatWibDateTime(s.opens_at), formatWibTime(s.last_start_at), formatWibTime(s.closes_at))}</td>
                <td>{s.phase_label}</td>
                <td>{formatCount(s.member_count)}</td>
                <td><a className="btn btn-secondary" href={sessionLivePath(s.id)} aria-label={t.openLive(s.name)}>{t.live}</a></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} onChange={setPage} labels={staffMessages.paging} isDisabled={loading} />
    </section>
  );
}
