// The members' privacy requests (issue 19): every data export and deletion in the caller's scope
// (operators: all, or one institution; institution admins: their members), with the log of each,
// re-sending a deletion's receipt, and a deletion for a request that came another way.
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { privacyStaffMessages as t } from '../../../i18n/staff-privacy-messages.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { listPrivacyRequests, resendReceipt, type PrivacyFilter, type PrivacyRequestItem } from './api/privacy-api.ts';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';
import { formatCount } from '../../lib/format.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import { usePaged } from '../../lib/paged.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { PrivacyRequestsTable } from './privacy-requests-table.tsx';
import { RequestLogDialog } from './request-log-dialog.tsx';
import { StaffDeletionForm } from './staff-deletion-form.tsx';
import { useRowAction, type Notice } from '../../lib/notice.ts';

const LIMIT = 20;
const KINDS = ['all', 'export', 'deletion'] as const;

export function PrivacyRequestsPage() {
  useStaffTitle(t.title);
  const institution = useAtomValue(actingInstitutionAtom);
  const [kind, setKind] = useState<PrivacyFilter['kind']>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const filter = useMemo(() => ({ kind, institution }), [kind, institution]);
  const load = useCallback((f: PrivacyFilter, p: number) => listPrivacyRequests(f, p, LIMIT), []);
  const { data, error, loading, reload, pageCount } = usePaged(load, filter, page);
  const { busyId, run } = useRowAction(setNotice, reload);

  async function resend(r: PrivacyRequestItem) {
    await run(r.id, async () => `${(await resendReceipt(r.id)).message} (${r.receipt_to ?? r.member.email})`);
  }

  return (
    <section className="stack" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{t.title}</h1>
      <p>{t.intro}</p>
      <InstitutionPicker optional />
      <StaffDeletionForm onDone={(message) => { setNotice({ tone: 'success', text: message }); setPage(1); reload(); }} />
      <h2>{t.listTitle}</h2>
      <RadioGroup label={t.kindFilter} value={kind} options={KINDS.map((k) => ({ value: k, label: t.kinds[k] }))}
        onChange={(v) => { setKind(v as PrivacyFilter['kind']); setPage(1); }} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {data && <p role="status">{t.total(formatCount(data.total))}</p>}
      <PrivacyRequestsTable rows={data?.list ?? []} loading={loading} busyId={busyId} onOpen={(r) => setOpen(r.id)} onResend={(r) => void resend(r)} />
      <Pagination page={page} pageCount={pageCount} onChange={setPage} labels={staffMessages.paging} isDisabled={loading} />
      <RequestLogDialog id={open} onClose={() => setOpen(null)} />
    </section>
  );
}
