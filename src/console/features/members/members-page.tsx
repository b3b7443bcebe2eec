// Members of the institution: search and paging, add one, CSV import, deactivate/reactivate, resend
// the password-set mail, and each member's extra-time accommodations (issue 18).
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { listMembers, memberAction, type AdminMember, type MemberFilter } from '../../lib/api/members-api.ts';
import { actingInstitutionAtom, mayChangeInstitution, staffAtom } from '../../lib/staff-session.ts';
import { formatCount } from '../../lib/format.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import { usePaged } from '../../lib/paged.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { MemberAccommodationsDialog } from './member-accommodations-dialog.tsx';
import { MemberAddDialog } from './member-add-dialog.tsx';
import { MemberImport } from './member-import.tsx';
import { MembersTable, type MemberRowAction } from './members-table.tsx';
import { useRowAction, type Notice } from '../../lib/notice.ts';

const t = staffMessages.members;
const LIMIT = 20;

export function MembersPage() {
  useStaffTitle(t.title);
  const staff = useAtomValue(staffAtom)!;
  const institution = useAtomValue(actingInstitutionAtom);
  const canChange = mayChangeInstitution(staff.role) && institution !== null;
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState<Omit<MemberFilter, 'institution'>>({ search: '', status: 'all' });
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [accommodating, setAccommodating] = useState<AdminMember | null>(null);
  const filter = useMemo(() => ({ ...applied, institution }), [applied, institution]);
  const load = useCallback((f: MemberFilter, p: number) => listMembers(f, p, LIMIT), []);
  const { data, error, loading, reload, pageCount } = usePaged(load, filter, page);
  const { busyId, run } = useRowAction(setNotice, reload);

  function apply(e: FormEvent) {
    e.preventDefault();
    setApplied({ ...applied, search: search.trim() });
    setPage(1);
  }

  async function act(member: AdminMember, action: MemberRowAction) {
    if (action === 'accommodations') return setAccommodating(member);
    await run(member.id, async () => `${await memberAction(member.id, action)} (${member.email})`);
  }

  return (
    <section className="stack" aria-labelledby="members-title">
      <h1 id="members-title">{t.title}</h1>
      <InstitutionPicker optional />
      {canChange && (
        <>
          <Button onPress={() => setAdding(true)}>{t.addTitle}</Button>
          <MemberAddDialog isOpen={adding} onClose={() => setAdding(false)}
            onAdded={(message) => { setAdding(false); setNotice({ tone: 'success', text: message }); reload(); }} />
          <MemberImport onImported={reload} />
        </>
      )}
      <h2>{t.listTitle}</h2>
      <Form className="staff-filters" onSubmit={apply} aria-label={t.filters}>
        <TextField label={t.search} type="search" value={search} onChange={setSearch} />
        <RadioGroup label={t.status} value={applied.status} options={(['all', 'active', 'inactive'] as const).map((v) => ({ value: v, label: t.statuses[v] }))}
          onChange={(status) => { setApplied({ ...applied, status: status as MemberFilter['status'] }); setPage(1); }} />
        <Button type="submit">{t.apply}</Button>
      </Form>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {data && <p role="status">{t.total(formatCount(data.total))}</p>}
      <MembersTable members={data?.list ?? []} loading={loading} canChange={canChange} busyId={busyId} onAction={(m, a) => void act(m, a)} />
      <Pagination page={page} pageCount={pageCount} onChange={setPage} labels={staffMessages.paging} isDisabled={loading} />
      {/* Operators grant for any member, institution admins for their own (the server checks the scope). */}
      <MemberAccommodationsDialog member={accommodating} canChange={mayChangeInstitution(staff.role)} onClose={() => setAccommodating(null)} />
    </section>
  );
}
