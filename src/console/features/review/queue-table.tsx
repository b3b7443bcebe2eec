// The review queue as a react-aria Table: each row links to the attempt's review; risk with its
// strongest reasons, why it is queued, the decision (or the one waiting for confirmation), the appeal.
import { Cell, Column, Link, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { DECISION_LABELS } from '../../../../contracts/facts/review-texts.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import type { ReviewQueueRow } from './api/review-api.ts';
import { formatWibDateTime } from '../../lib/format.ts';
import { attemptPath } from '../../lib/staff-paths.ts';

const t = staffReviewMessages.queue;

function decisionText(r: ReviewQueueRow): string {
  const parts = [r.decision ? DECISION_LABELS[r.decision] : r.pending_decision ? t.pending(DECISION_LABELS[r.pending_decision]) : t.noDecision];
  if (r.decision && r.pending_decision) parts.push(t.pending(DECISION_LABELS[r.pending_decision]));
  if (r.appeal_status) parts.push(r.appeal_status === 'open' ? t.appealOpen : t.appealAnswered);
  return parts.join(' · ');
}

export function QueueTable({ rows, loading }: { rows: ReviewQueueRow[]; loading: boolean }) {
  return (
    <div className="staff-table-wrap">
      <Table aria-label={t.tableLabel} className="staff-table" data-testid="review-queue">
        <TableHeader>
          <Column id="member" isRowHeader>{t.columns.member}</Column>
          <Column id="order_no">{t.columns.orderNo}</Column>
          <Column id="risk">{t.columns.risk}</Column>
          <Column id="reasons">{t.columns.reasons}</Column>
          <Column id="needs">{t.columns.needs}</Column>
          <Column id="decision">{t.columns.decision}</Column>
          <Column id="finished">{t.columns.finished}</Column>
        </TableHeader>
        <TableBody items={rows} renderEmptyState={() => (loading ? staffMessages.app.loading : t.empty)}>
          {(r: ReviewQueueRow) => (
            <Row id={r.order_id}>
              <Cell>
                <Link href={attemptPath(r.order_id)} aria-label={t.open(r.member_name || r.email)}>{r.member_name || r.email}</Link>
              </Cell>
              <Cell>{r.order_no}</Cell>
              <Cell className="num"><strong data-testid="risk-score">{r.risk_score}</strong></Cell>
              <Cell>{r.risk_reasons.slice(0, 3).map((x) => x.text).join('; ') || '–'}</Cell>
              <Cell>{r.needs.map((n) => t.needs[n]).join(', ')}</Cell>
              <Cell>{decisionText(r)}</Cell>
              <Cell>{formatWibDateTime(r.finished_at)}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
