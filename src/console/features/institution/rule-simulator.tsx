// The rule simulator on the settings screen: the rules as edited above (saved or not) and a proposed
// risk threshold are replayed over the institution's finished attempts on the server; the screen
// shows how many would have been disqualified or queued, now and under the proposal, and which change.
import { useEffect, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { InstitutionProctoring } from '../../../../contracts/facts/index.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { simulateRules, type RuleSimulation } from './api/review-rules-api.ts';
import { formatCount } from '../../lib/format.ts';

const t = staffReviewMessages.simulator;
type Change = RuleSimulation['changes'][number];

function Results({ result }: { result: RuleSimulation }) {
  const side = (label: string, x: { disqualified: number; queued: number }) => (
    <li><strong>{label}:</strong> {t.disqualified(formatCount(x.disqualified))}, {t.queued(formatCount(x.queued))}</li>
  );
  return (
    <div className="stack" data-testid="simulation-result" aria-live="polite">
      <p>{t.summary(formatCount(result.attempts))}</p>
      <ul>{side(t.now, result.current)}{side(t.proposed, result.proposed)}</ul>
      <h3>{t.changesTitle(formatCount(result.changes_total))}</h3>
      {result.changes.length === 0 ? <p className="muted">{t.noChanges}</p> : (
        <div className="staff-table-wrap">
          <Table aria-label={t.tableLabel} className="staff-table">
            <TableHeader>
              <Column isRowHeader>{t.columns.member}</Column>
              <Column>{t.columns.orderNo}</Column>
              <Column>{t.columns.now}</Column>
              <Column>{t.columns.proposed}</Column>
            </TableHeader>
            <TableBody items={result.changes.map((c) => ({ ...c, id: c.order_id }))}>
              {(c: Change & { id: string }) => (
                <Row id={c.id}>
                  <Cell>{c.member_name}</Cell>
                  <Cell>{c.order_no}</Cell>
                  <Cell>{t.outcome(c.current.disqualified, c.current.queued, c.current.risk_score)}</Cell>
                  <Cell>{t.outcome(c.proposed.disqualified, c.proposed.queued, c.proposed.risk_score)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      )}
      <p className="muted">{t.caveat}</p>
    </div>
  );
}

export function RuleSimulator({ institutionId, rules, threshold }: { institutionId: string; rules: InstitutionProctoring; threshold: number | null }) {
  const [proposed, setProposed] = useState('');
  const [result, setResult] = useState<RuleSimulation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (threshold !== null) setProposed((p) => p || String(threshold)); }, [threshold]);

  async function run() {
    const n = Number(proposed);
    if (!Number.isInteger(n) || n < 0 || n > 100) return setError(staffReviewMessages.settings.invalid);
    setBusy(true);
    setError(null);
    try {
      setResult(await simulateRules(institutionId, { setting: rules.setting, risk_threshold: n }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-panel stack" aria-labelledby="simulator-title">
      <h2 id="simulator-title">{t.title}</h2>
      <p className="muted">{t.intro}</p>
      <TextField label={t.threshold} type="number" min="0" max="100" value={proposed} onChange={setProposed} />
      <div className="form-actions"><Button variant="secondary" onPress={() => void run()} isDisabled={busy}>{busy ? t.running : t.run}</Button></div>
      {error && <Alert tone="error">{error}</Alert>}
      {result && <Results result={result} />}
    </section>
  );
}
