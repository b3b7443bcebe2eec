// The results table (react-aria Table): sortable columns map to the server's sort keys; scores and
// violation counts in id-ID numbers, dates in id-ID; the extra time and break granted (issue 18).
import { Cell, Column, Link, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import { accommodationLabel } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import type { ResultRow, ResultSort } from './api/results-api.ts';
import { formatCount, formatScore, formatStaffDateTime } from '../../lib/format.ts';
import { attemptPath } from '../../lib/staff-paths.ts';

const t = staffMessages.results;

export function ResultsTable({ rows, loading, sort, onSortChange }: {
  rows: ResultRow[]; loading: boolean; sort: SortDescriptor; onSortChange: (sort: { column: ResultSort; direction: 'ascending' | 'descending' }) => void;
}) {
  return (
    <div className="staff-table-wrap">
      <Table aria-label={t.tableLabel} className="staff-table" sortDescriptor={sort}
        onSortChange={(d) => onSortChange({ column: d.column as ResultSort, direction: d.direction })}>
        <TableHeader>
          <Column id="fullname" isRowHeader allowsSorting>{t.columns.member}</Column>
          <Column id="email" allowsSorting>{t.columns.email}</Column>
          <Column id="order_no" allowsSorting>{t.columns.orderNo}</Column>
          <Column id="status" allowsSorting>{t.columns.status}</Column>
          <Column id="listening">{t.columns.listening}</Column>
          <Column id="structure">{t.columns.structure}</Column>
          <Column id="reading">{t.columns.reading}</Column>
          <Column id="total_score" allowsSorting>{t.columns.total}</Column>
          <Column id="level">{t.columns.level}</Column>
          <Column id="violations">{t.columns.violations}</Column>
          <Column id="accommodation">{t.columns.accommodation}</Column>
          <Column id="created_at" allowsSorting>{t.columns.created}</Column>
          <Column id="completed_at" allowsSorting>{t.columns.completed}</Column>
        </TableHeader>
        <TableBody items={rows} renderEmptyState={() => (loading ? staffMessages.app.loading : t.empty)}>
          {(r: ResultRow) => (
            <Row id={r.order_id}>
              <Cell><Link href={attemptPath(r.order_id)} aria-label={t.openReview(r.member_name || r.email)}>{r.member_name || r.email}</Link></Cell>
              <Cell>{r.email}</Cell>
              <Cell>{r.order_no}</Cell>
              <Cell>{r.status_label}</Cell>
              <Cell className="num">{formatScore(r.listening)}</Cell>
              <Cell className="num">{formatScore(r.structure)}</Cell>
              <Cell className="num">{formatScore(r.reading)}</Cell>
              <Cell className="num">{formatScore(r.total)}</Cell>
              <Cell>{r.level ? `${r.level}${r.cefr ? ` (${r.cefr})` : ''}` : '–'}</Cell>
              <Cell>{t.violations(formatCount(r.violations.open_new_tab), formatCount(r.violations.face), formatCount(r.violations.speech))}</Cell>
              <Cell>{accommodationLabel(r.time_accommodation) || '–'}</Cell>
              <Cell>{formatStaffDateTime(r.created_at)}</Cell>
              <Cell>{formatStaffDateTime(r.completed_at ?? r.disqualified_at)}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
