// Certificates by number or order number: revoke, reissue after a name correction; and the shipment
// of a printed certificate.
import { useState, type FormEvent } from 'react';
import { Cell, Column, Form, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { findCertificates, type Certificate } from './api/operator-api.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { CertificateDialog, type CertificateAction } from './certificate-dialogs.tsx';
import { ShipmentPanel } from './shipment-panel.tsx';
import { withNotice, type Notice } from '../../lib/notice.ts';

const c = t.certificates;

function CertificateTable({ list, onAction }: { list: Certificate[]; onAction: (a: CertificateAction) => void }) {
  return (
    <div className="staff-table-wrap">
      <Table aria-label={c.tableLabel} className="staff-table">
        <TableHeader>
          <Column isRowHeader>{c.columns.number}</Column>
          <Column>{c.columns.order}</Column>
          <Column>{c.columns.name}</Column>
          <Column>{c.columns.status}</Column>
          <Column>{c.columns.issued}</Column>
          <Column>{c.columns.actions}</Column>
        </TableHeader>
        <TableBody items={list} renderEmptyState={() => c.empty}>
          {(cert: Certificate) => (
            <Row id={cert.id}>
              <Cell><code>{cert.number}</code></Cell>
              <Cell>{cert.order_no}</Cell>
              <Cell>{cert.name}</Cell>
              <Cell>{c.status[cert.status]}{cert.revoked_reason ? ` (${cert.revoked_reason})` : ''}</Cell>
              <Cell>{formatStaffDateTime(cert.issued_at)}</Cell>
              <Cell>
                <div className="form-actions">
                  {cert.status === 'valid' && (
                    <Button variant="secondary" aria-label={c.revokeTitle(cert.number)} onPress={() => onAction({ kind: 'revoke', certificate: cert })}>{c.revoke}</Button>
                  )}
                  <Button variant="secondary" aria-label={c.reissueTitle(cert.order_no)} onPress={() => onAction({ kind: 'reissue', certificate: cert })}>{c.reissue}</Button>
                </div>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

export function CertificatesPage() {
  useStaffTitle(c.title);
  const [query, setQuery] = useState('');
  const [list, setList] = useState<Certificate[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [action, setAction] = useState<CertificateAction | null>(null);

  async function search(q = query) {
    if (!q.trim()) return;
    await withNotice((n) => { if (n?.tone === 'error') setNotice(n); }, async () => { setList(await findCertificates(q.trim())); return ''; });
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    void search();
  }

  return (
    <section className="stack" aria-labelledby="certificates-title">
      <h1 id="certificates-title">{c.title}</h1>
      <section className="stack staff-panel" aria-labelledby="certificate-search-title">
        <h2 id="certificate-search-title">{c.searchTitle}</h2>
        <Form className="staff-filters" onSubmit={submit} role="search">
          <TextField label={c.search} value={query} onChange={setQuery} maxLength={64} />
          <Button type="submit">{c.find}</Button>
        </Form>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {list && <CertificateTable list={list} onAction={setAction} />}
      </section>
      <ShipmentPanel />
      {action && (
        <CertificateDialog action={action} onClose={() => setAction(null)}
          onDone={(message) => { setAction(null); setNotice({ tone: 'success', text: message }); void search(); }} />
      )}
    </section>
  );
}
