// Exam versions per company: import a zip, list the versions, activate or archive one.
import { useCallback, useEffect, useState } from 'react';
import { Cell, Column, Link, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { staffInsightsMessages } from '../../../i18n/staff-insights-messages.ts';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { listExams, setExamStatus, type ExamVersion } from './api/operator-api.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { examAnalysisPath } from '../../lib/staff-paths.ts';
import { CompanyPicker } from './company-picker.tsx';
import { ExamImportForm } from './exam-import-form.tsx';
import { useCompanies } from './use-companies.ts';
import { useRowAction, type Notice } from '../../lib/notice.ts';

const e = t.exams;
const a = staffInsightsMessages.analysis;

function Versions({ companyId, version }: { companyId: string; version: number }) {
  const [list, setList] = useState<ExamVersion[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const load = useCallback(() => {
    listExams(companyId).then(setList, (err: unknown) => setNotice({ tone: 'error', text: errorText(err) }));
  }, [companyId]);
  useEffect(load, [load, version]);
  const { busyId, run } = useRowAction(setNotice);

  async function change(v: ExamVersion, status: 'active' | 'archived') {
    await run(v.id, async () => (await setExamStatus(v.id, status)).message);
    load(); // after a failure too: the list shows the versions as they now stand
  }

  return (
    <section className="stack" aria-labelledby="versions-title">
      <h2 id="versions-title">{e.versionsTitle}</h2>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="staff-table-wrap">
        <Table aria-label={e.tableLabel} className="staff-table">
          <TableHeader>
            <Column isRowHeader>{e.columns.title}</Column>
            <Column>{e.columns.version}</Column>
            <Column>{e.columns.status}</Column>
            <Column>{e.columns.questions}</Column>
            <Column>{e.columns.created}</Column>
            <Column>{e.columns.actions}</Column>
          </TableHeader>
          <TableBody items={list ?? []} renderEmptyState={() => (list ? e.empty : staffMessages.app.loading)}>
            {(v: ExamVersion) => {
              const next = v.status === 'active' ? 'archived' : 'active';
              const label = next === 'active' ? e.activate : e.archive;
              const q = v.question_counts;
              return (
                <Row id={v.id}>
                  <Cell>{v.title}</Cell>
                  <Cell className="num">{v.version}</Cell>
                  <Cell>{e.status[v.status]}</Cell>
                  <Cell>{`${q.listening}/${q.structure}/${q.reading}`}</Cell>
                  <Cell>{formatStaffDateTime(v.created_at)}</Cell>
                  <Cell>
                    <div className="row-actions">
                      <Button variant="secondary" isDisabled={busyId === v.id} aria-label={e.actionLabel(label, v.title, v.version)}
                        onPress={() => void change(v, next)}>{label}</Button>
                      <Link className="btn btn-secondary" href={examAnalysisPath(v.id)} aria-label={a.linkLabel(v.title, v.version)}>{a.link}</Link>
                    </div>
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

export function ExamsPage() {
  useStaffTitle(e.title);
  const { companies, selected, select, error } = useCompanies();
  const [version, setVersion] = useState(0);
  return (
    <section className="stack" aria-labelledby="exams-title">
      <h1 id="exams-title">{e.title}</h1>
      {error && <Alert tone="error">{error}</Alert>}
      <CompanyPicker companies={companies} selected={selected} onSelect={select} />
      {selected && <ExamImportForm companyId={selected.id} onImported={() => setVersion((n) => n + 1)} />}
      {selected && <Versions key={selected.id} companyId={selected.id} version={version} />}
    </section>
  );
}
