// Staff accounts (/admin/staff): operators see every account (or one institution's) and add any
// role; institution admins see their institution's and add its proctors; a new account, or a new
// link, gets a one-time password-set link by e-mail.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { staffAccountMessages } from '../../../i18n/staff-account-messages.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { listStaffAccounts, renewStaffLink, type StaffAccount } from '../../lib/api/staff-accounts-api.ts';
import { actingInstitutionAtom, mayChangeInstitution, staffAtom } from '../../lib/staff-session.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { StaffAddForm } from './staff-add-form.tsx';
import { useRowAction, type Notice } from '../../lib/notice.ts';

const t = staffAccountMessages.list;

const stateOf = (s: StaffAccount) => [s.active ? t.active : t.inactive, s.password_set ? null : t.noPassword, s.totp_enabled ? t.totpOn : null]
  .filter(Boolean).join(' · ');

export function StaffAccountsPage() {
  useStaffTitle(t.title);
  const me = useAtomValue(staffAtom)!;
  const institution = useAtomValue(actingInstitutionAtom);
  const [list, setList] = useState<StaffAccount[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [round, setRound] = useState(0);
  const { busyId, run } = useRowAction(setNotice, useCallback(() => setRound((r) => r + 1), []));
  const canChange = mayChangeInstitution(me.role);
  const mayRenew = (s: StaffAccount) => canChange && s.active && (me.role === 'operator' || s.role === 'proctor');

  useEffect(() => {
    let live = true;
    listStaffAccounts(institution).then((l) => { if (live) setList(l); })
      .catch((err: unknown) => { if (live) setNotice({ tone: 'error', text: errorText(err) }); });
    return () => { live = false; };
  }, [institution, round]);

  async function renew(s: StaffAccount) {
    await run(s.id, async () => `${await renewStaffLink(s.id)} (${s.email})`);
  }

  return (
    <section className="stack" aria-labelledby="staff-title">
      <h1 id="staff-title">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <InstitutionPicker optional />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {canChange && <StaffAddForm onAdded={(text) => { setNotice({ tone: 'success', text }); setRound((r) => r + 1); }} />}
      <div className="staff-table-wrap">
        <Table aria-label={t.tableLabel} className="staff-table">
          <TableHeader>
            <Column isRowHeader>{t.columns.email}</Column>
            <Column>{t.columns.name}</Column>
            <Column>{t.columns.role}</Column>
            <Column>{t.columns.institution}</Column>
            <Column>{t.columns.state}</Column>
            <Column>{t.columns.actions}</Column>
          </TableHeader>
          <TableBody items={list ?? []} renderEmptyState={() => (list ? t.empty : staffMessages.app.loading)}>
            {(s: StaffAccount) => (
              <Row id={s.id}>
                <Cell>{s.email}</Cell>
                <Cell>{s.name || '–'}</Cell>
                <Cell>{staffMessages.app.roles[s.role]}</Cell>
                <Cell>{s.institution_name ?? t.allInstitutions}</Cell>
                <Cell>{stateOf(s)}</Cell>
                <Cell>
                  {mayRenew(s) && (
                    <Button variant="secondary" isDisabled={busyId === s.id} aria-label={t.resendLabel(s.email)} onPress={() => void renew(s)}>
                      {t.resend}
                    </Button>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
