// The member list: name, e-mail, phone, state, tests, since when; per row the accommodations (extra
// time, breaks: issue 18; proctors read them), deactivate/reactivate and resend the password-set
// mail (not for proctors, who only read).
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Button } from '../../../ui/button.tsx';
import type { AdminMember } from '../../lib/api/members-api.ts';
import { formatCount, formatStaffDate } from '../../lib/format.ts';

const t = staffMessages.members;

export type MemberRowAction = 'deactivate' | 'reactivate' | 'invite' | 'accommodations';

export function MembersTable({ members, loading, canChange, busyId, onAction }: {
  members: AdminMember[]; loading: boolean; canChange: boolean; busyId: string | null;
  onAction: (member: AdminMember, action: MemberRowAction) => void;
}) {
  return (
    <div className="staff-table-wrap">
      <Table aria-label={t.tableLabel} className="staff-table">
        <TableHeader>
          <Column isRowHeader>{t.columns.name}</Column>
          <Column>{t.columns.email}</Column>
          <Column>{t.columns.phone}</Column>
          <Column>{t.columns.state}</Column>
          <Column>{t.columns.orders}</Column>
          <Column>{t.columns.since}</Column>
          <Column>{t.columns.actions}</Column>
        </TableHeader>
        <TableBody items={members} renderEmptyState={() => (loading ? staffMessages.app.loading : t.empty)}>
          {(m: AdminMember) => (
            <Row id={m.id}>
              <Cell>{m.fullname || '–'}</Cell>
              <Cell>{m.email}</Cell>
              <Cell>{m.phone_number || '–'}</Cell>
              <Cell>{m.active ? t.active : t.inactive}{m.password_set ? '' : ` · ${t.noPassword}`}</Cell>
              <Cell className="num">{formatCount(m.order_count)}</Cell>
              <Cell>{formatStaffDate(m.created_at)}</Cell>
              <Cell>
                <div className="form-actions">
                  <Button variant="secondary" aria-label={`${t.accommodations} ${m.email}`} onPress={() => onAction(m, 'accommodations')}>
                    {t.accommodations}
                  </Button>
                  {canChange && (
                    <>
                      <Button variant="secondary" isDisabled={busyId === m.id} aria-label={`${m.active ? t.deactivate : t.reactivate} ${m.email}`}
                        onPress={() => onAction(m, m.active ? 'deactivate' : 'reactivate')}>
                        {m.active ? t.deactivate : t.reactivate}
                      </Button>
                      {m.active && (
                        <Button variant="secondary" isDisabled={busyId === m.id} aria-label={`${t.resend} ${m.email}`} onPress={() => onAction(m, 'invite')}>
                          {t.resend}
                        </Button>
                      )}
                    </>
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
