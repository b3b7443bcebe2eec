// Companies and their institutions: create, rename; an institution's rules open in the settings screen.
import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { createCompany, renameCompany, type Company } from './api/operator-api.ts';
import { formatCount } from '../../lib/format.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { InstitutionsPanel } from './institutions-panel.tsx';
import { NameForm, RenameDialog } from './name-form.tsx';
import { useCompanies } from './use-companies.ts';
import { withNotice, type Notice } from '../../lib/notice.ts';

const c = t.companies;

export function CompaniesPage() {
  useStaffTitle(c.title);
  const { companies, selected, select, reload, error } = useCompanies();
  const [notice, setNotice] = useState<Notice>(null);
  const [renaming, setRenaming] = useState<Company | null>(null);

  const create = (name: string) => withNotice(setNotice, async () => {
    const r = await createCompany(name);
    reload();
    select(r.data.id);
    return r.message;
  });
  const rename = (company: Company, name: string) => withNotice(setNotice, async () => {
    const r = await renameCompany(company.id, name);
    reload();
    return r.message;
  });

  return (
    <section className="stack" aria-labelledby="companies-title">
      <h1 id="companies-title">{c.title}</h1>
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="staff-table-wrap">
        <Table aria-label={c.tableLabel} className="staff-table" selectionMode="single" selectedKeys={selected ? [selected.id] : []}
          onSelectionChange={(keys) => { const [k] = [...(keys as Set<string>)]; if (k) select(k); }}>
          <TableHeader>
            <Column isRowHeader>{c.columns.name}</Column>
            <Column>{c.columns.institutions}</Column>
            <Column>{c.columns.maintenance}</Column>
            <Column>{c.columns.announcement}</Column>
            <Column>{c.columns.actions}</Column>
          </TableHeader>
          <TableBody items={companies} renderEmptyState={() => c.empty}>
            {(company: Company) => (
              <Row id={company.id}>
                <Cell>{company.name}</Cell>
                <Cell className="num">{formatCount(company.institution_count)}</Cell>
                <Cell>{company.maintenance ? c.on : c.off}</Cell>
                <Cell>{company.announcement.is_active ? c.on : c.off}</Cell>
                <Cell>
                  <Button variant="secondary" aria-label={t.renameLabel(company.name)} onPress={() => setRenaming(company)}>{t.rename}</Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <section className="stack staff-panel" aria-labelledby="company-create-title">
        <h2 id="company-create-title">{c.createTitle}</h2>
        <NameForm label={t.name} submitLabel={c.create} onSubmit={create} />
      </section>
      {selected && <InstitutionsPanel key={selected.id} company={selected} onChanged={reload} />}
      {renaming && (
        <RenameDialog title={t.renameLabel(renaming.name)} current={renaming.name} onClose={() => setRenaming(null)}
          onRename={(name) => rename(renaming, name)} />
      )}
    </section>
  );
}
