// A company's institutions: create (default rules), rename, open the rules in the settings screen.
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { createInstitution, listInstitutions, renameInstitution, type Company, type Institution } from './api/operator-api.ts';
import { operatorInstitutionAtom } from '../../lib/staff-session.ts';
import { formatStaffDate } from '../../lib/format.ts';
import { staffPaths } from '../../lib/staff-paths.ts';
import { NameForm, RenameDialog } from './name-form.tsx';
import { withNotice, type Notice } from '../../lib/notice.ts';

const i = t.institutions;

export function InstitutionsPanel({ company, onChanged }: { company: Company; onChanged: () => void }) {
  const [list, setList] = useState<Institution[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [renaming, setRenaming] = useState<Institution | null>(null);
  const setInstitution = useSetAtom(operatorInstitutionAtom);
  const navigate = useNavigate();

  const load = useCallback(() => {
    listInstitutions(company.id).then(setList, (err: unknown) => setNotice({ tone: 'error', text: errorText(err) }));
  }, [company.id]);
  useEffect(load, [load]);

  const create = (name: string) => withNotice(setNotice, async () => {
    const r = await createInstitution(company.id, name);
    load();
    onChanged();
    return r.message;
  });
  const rename = (inst: Institution, name: string) => withNotice(setNotice, async () => {
    const r = await renameInstitution(inst.id, name);
    load();
    return r.message;
  });
  function openSettings(inst: Institution) {
    setInstitution(inst.id);
    void navigate(staffPaths.settings);
  }

  return (
    <section className="stack staff-panel" aria-labelledby="institutions-title">
      <h2 id="institutions-title">{i.title(company.name)}</h2>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="staff-table-wrap">
        <Table aria-label={i.tableLabel} className="staff-table">
          <TableHeader>
            <Column isRowHeader>{i.columns.name}</Column>
            <Column>{i.columns.camera}</Column>
            <Column>{i.columns.created}</Column>
            <Column>{i.columns.actions}</Column>
          </TableHeader>
          <TableBody items={list ?? []} renderEmptyState={() => (list ? i.empty : staffMessages.app.loading)}>
            {(inst: Institution) => (
              <Row id={inst.id}>
                <Cell>{inst.name}</Cell>
                <Cell>{inst.active_camera ? i.cameraOn : i.cameraOff}</Cell>
                <Cell>{formatStaffDate(inst.created_at)}</Cell>
                <Cell>
                  <div className="form-actions">
                    <Button variant="secondary" aria-label={i.settingsLabel(inst.name)} onPress={() => openSettings(inst)}>{i.settings}</Button>
                    <Button variant="secondary" aria-label={t.renameLabel(inst.name)} onPress={() => setRenaming(inst)}>{t.rename}</Button>
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <h3>{i.createTitle}</h3>
      <p className="muted">{i.createHint}</p>
      <NameForm label={t.name} submitLabel={i.create} onSubmit={create} />
      {renaming && (
        <RenameDialog title={t.renameLabel(renaming.name)} current={renaming.name} onClose={() => setRenaming(null)}
          onRename={(name) => rename(renaming, name)} />
      )}
    </section>
  );
}
