// Licences: generate a batch (codes shown and downloadable once), the batches with their counts,
// revoke a batch's unused codes.
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { listBatches, revokeBatch, type LicenceBatch } from './api/licences-api.ts';
import { actingInstitutionAtom, mayChangeInstitution, staffAtom } from '../../lib/staff-session.ts';
import { formatCount, formatStaffDate, formatStaffDateTime } from '../../lib/format.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import { usePaged } from '../../lib/paged.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { LicenceGenerate } from './licence-generate.tsx';
import { useRowAction, type Notice } from '../../lib/notice.ts';

const t = staffMessages.licences;
const LIMIT = 20;

export function LicencesPage() {
  useStaffTitle(t.title);
  const staff = useAtomValue(staffAtom)!;
  const institution = useAtomValue(actingInstitutionAtom);
  const canChange = mayChangeInstitution(staff.role) && institution !== null;
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<LicenceBatch | null>(null);
  const load = useCallback((inst: string | null, p: number) => listBatches(inst, p, LIMIT), []);
  const { data, error, loading, reload, pageCount } = usePaged(load, institution, page);
  const { busyId, run } = useRowAction(setNotice, reload);

  async function revoke(batch: LicenceBatch) {
    setConfirming(null);
    await run(batch.id, async () => {
      const { message, revoked } = await revokeBatch(batch.id);
      return t.revoked(message, formatCount(revoked));
    });
  }

  return (
    <section className="stack" aria-labelledby="licences-title">
      <h1 id="licences-title">{t.title}</h1>
      <InstitutionPicker optional />
      {canChange && <LicenceGenerate onGenerated={reload} />}
      <h2>{t.batchesTitle}</h2>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <BatchesTable batches={data?.list ?? []} loading={loading} canChange={canChange} busyId={busyId} onRevoke={setConfirming} />
      <ModalDialog title={t.revokeTitle} isOpen={confirming !== null} onClose={() => setConfirming(null)} role="alertdialog">
        {confirming && <p>{t.revokeBody(formatCount(confirming.unused), confirming.product_name)}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={() => setConfirming(null)}>{t.cancel}</Button>
          <Button onPress={() => confirming && void revoke(confirming)}>{t.revokeConfirm}</Button>
        </div>
      </ModalDialog>
      <Pagination page={page} pageCount={pageCount} onChange={setPage} labels={staffMessages.paging} isDisabled={loading} />
    </section>
  );
}

function BatchesTable({ batches, loading, canChange, busyId, onRevoke }: {
  batches: LicenceBatch[]; loading: boolean; canChange: boolean; busyId: string | null; onRevoke: (b: LicenceBatch) => void;
}) {
  return (
    <div className="staff-table-wrap">
      <Table aria-label={t.tableLabel} className="staff-table">
        <TableHeader>
          <Column isRowHeader>{t.columns.created}</Column>
          <Column>{t.columns.product}</Column>
          <Column>{t.columns.note}</Column>
          <Column>{t.columns.count}</Column>
          <Column>{t.columns.redeemed}</Column>
          <Column>{t.columns.unused}</Column>
          <Column>{t.columns.revoked}</Column>
          <Column>{t.columns.expires}</Column>
          <Column>{t.columns.actions}</Column>
        </TableHeader>
        <TableBody items={batches} renderEmptyState={() => (loading ? staffMessages.app.loading : t.empty)}>
          {(b: LicenceBatch) => (
            <Row id={b.id}>
              <Cell>{formatStaffDateTime(b.created_at)}</Cell>
              <Cell>{b.product_name}</Cell>
              <Cell>{b.note || '–'}</Cell>
              <Cell className="num">{formatCount(b.count)}</Cell>
              <Cell className="num">{formatCount(b.redeemed)}</Cell>
              <Cell className="num">{formatCount(b.unused)}</Cell>
              <Cell className="num">{formatCount(b.revoked)}</Cell>
              <Cell>{formatStaffDate(b.expires_at)}</Cell>
              <Cell>
                {canChange && b.unused > 0 && (
                  <Button variant="secondary" isDisabled={busyId === b.id} aria-label={t.revokeLabel(formatStaffDateTime(b.created_at))} onPress={() => onRevoke(b)}>
                    {t.revoke}
                  </Button>
                )}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
