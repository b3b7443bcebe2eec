// The privacy requests: when, what, whose, through which channel, status and the receipt's mails;
// per row the log and, for a deletion whose address is still kept, re-sending the receipt.
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { privacyStaffMessages as t } from '../../../i18n/staff-privacy-messages.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Button } from '../../../ui/button.tsx';
import type { PrivacyRequestItem } from './api/privacy-api.ts';
import { formatStaffDateTime } from '../../lib/format.ts';

/** What the receipt column says. */
export function receiptText(r: Pick<PrivacyRequestItem, 'kind' | 'receipt_to' | 'receipt_sends' | 'receipt_sent_at'>): string {
  if (r.kind !== 'deletion') return t.receiptNone;
  if (!r.receipt_to) return t.receiptGone;
  return r.receipt_sends > 0 ? t.receiptSent(r.receipt_sends, formatStaffDateTime(r.receipt_sent_at)) : t.receiptNotSent;
}

export function PrivacyRequestsTable({ rows, loading, busyId, onOpen, onResend }: {
  rows: PrivacyRequestItem[]; loading: boolean; busyId: string | null;
  onOpen: (r: PrivacyRequestItem) => void; onResend: (r: PrivacyRequestItem) => void;
}) {
  return (
    <div className="staff-table-wrap">
      <Table aria-label={t.tableLabel} className="staff-table">
        <TableHeader>
          <Column isRowHeader>{t.columns.requested}</Column>
          <Column>{t.columns.kind}</Column>
          <Column>{t.columns.member}</Column>
          <Column>{t.columns.channel}</Column>
          <Column>{t.columns.status}</Column>
          <Column>{t.columns.receipt}</Column>
          <Column>{t.columns.actions}</Column>
        </TableHeader>
        <TableBody items={rows} renderEmptyState={() => (loading ? staffMessages.app.loading : t.empty)}>
          {(r: PrivacyRequestItem) => (
            <Row id={r.id}>
              <Cell>{formatStaffDateTime(r.requested_at)}</Cell>
              <Cell>{t.kinds[r.kind]}</Cell>
              <Cell>
                {r.member.fullname || '–'}<br /><span className="muted">{r.member.email}</span>
                {r.receipt_to && r.receipt_to !== r.member.email && <><br /><span className="muted">{t.formerEmail(r.receipt_to)}</span></>}
              </Cell>
              <Cell>{t.channels[r.channel]}{r.staff_email ? ` (${r.staff_email})` : ''}</Cell>
              <Cell>{t.statuses[r.status]}</Cell>
              <Cell>{receiptText(r)}</Cell>
              <Cell>
                <div className="form-actions">
                  <Button variant="secondary" aria-label={t.detailLabel(r.receipt_to ?? r.member.email)} onPress={() => onOpen(r)}>{t.detail}</Button>
                  {r.kind === 'deletion' && r.receipt && r.receipt_to && (
                    <Button variant="secondary" isDisabled={busyId === r.id} aria-label={t.resendLabel(r.receipt_to)} onPress={() => onResend(r)}>{t.resend}</Button>
                  )}
                </div>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
