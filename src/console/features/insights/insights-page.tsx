// /admin/insights (issue 31): how an institution's candidates did, for a period and/or one test-day
// session: the total-score and section histograms, proficiency and CEFR levels, the monthly trend,
// and the institution beside all EPOT candidates (only aggregates, and only when each group has the
// minimum size). Every chart has its numbers as a table and exports as PNG, SVG and CSV.
import * as Plot from '@observablehq/plot';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { PROFICIENCY_LEVELS, TOTAL_SCORE_MAX, TOTAL_SCORE_MIN } from '../../../../contracts/facts/index.ts';
import { staffInsightsMessages } from '../../../i18n/staff-insights-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { formatCount } from '../../lib/format.ts';
import { InstitutionPicker } from '../../lib/institution-picker.tsx';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { getInsights, recentSessions, type InsightsFilter, type InsightsResponse } from './api/insights-api.ts';
import type { TestSession } from '../../../../contracts/admin-sessions.ts';
import { ChartFigure } from './chart-figure.tsx';
import './staff-insights.css';

const t = staffInsightsMessages.dashboard;
const c = t.columns;
const BAR = '#1d4ed8';
const pct = (x: number) => `${(x * 100).toFixed(1).replace('.', ',')} %`;
const num = (x: number | null) => (x === null ? '–' : x.toFixed(1).replace('.', ','));

type Bin = InsightsResponse['total_histogram'][number];
const CEFR_ORDER = ['below A2', 'A2', 'B1', 'B2', 'C1'];
const byOrder = (rows: InsightsResponse['levels'], order: string[]) =>
  [...rows].sort((a, b) => (order.indexOf(a.value) + 1 || 99) - (order.indexOf(b.value) + 1 || 99));

function histogram(bins: Bin[], label: string) {
  return () => ({
    x: { label }, y: { label: c.count, grid: true },
    marks: [Plot.rectY(bins, { x1: 'from', x2: (d: Bin) => d.to + 1, y: 'count', fill: BAR, insetLeft: 1 }), Plot.ruleY([0])],
  });
}
const binTable = (bins: Bin[]) => ({ columns: [c.range, c.count], rows: bins.map((b) => [`${b.from}–${b.to}`, b.count]) });

function Charts({ data }: { data: InsightsResponse }) {
  const charts = useMemo(() => {
    // Levels from the lowest to the highest, as the scale runs (the server sorts by name).
    const levels = byOrder(data.levels, PROFICIENCY_LEVELS.map((l) => l.level));
    const cefr = byOrder(data.cefr, CEFR_ORDER);
    const share = (rows: InsightsResponse['levels']) => () => ({
      x: { label: c.share, tickFormat: (d: number) => pct(d), grid: true }, y: { label: null },
      marginLeft: 130, marks: [Plot.barX(rows, { y: 'value', x: 'share', fill: BAR, sort: { y: null } }), Plot.ruleX([0])],
    });
    const shareTable = (rows: InsightsResponse['levels']) => ({ columns: [c.level, c.count, c.share], rows: rows.map((r) => [r.value || '–', r.count, pct(r.share)]) });
    return {
      total: histogram(data.total_histogram, c.range),
      sections: data.sections.map((s) => ({ s, plot: histogram(s.histogram, c.range) })),
      levels: share(levels), levelsTable: shareTable(levels),
      cefr: share(cefr), cefrTable: shareTable(cefr),
      trend: () => ({
        x: { label: c.month, type: 'band' as const }, y: { label: c.mean, grid: true, domain: [TOTAL_SCORE_MIN, TOTAL_SCORE_MAX] },
        marks: [Plot.barY(data.trend, { x: 'month', y1: TOTAL_SCORE_MIN, y2: 'mean_total', fill: BAR }), Plot.ruleY([TOTAL_SCORE_MIN])],
      }),
      comparison: data.comparison ? () => ({
        x: { label: c.mean, grid: true }, y: { label: null }, marginLeft: 170,
        marks: [Plot.barX([{ g: t.scope, m: data.comparison!.scope.mean }, { g: t.all, m: data.comparison!.all.mean }], { y: 'g', x: 'm', fill: BAR }), Plot.ruleX([0])],
      }) : null,
    };
  }, [data]);
  return (
    <div className="insight-grid">
      <ChartFigure title={t.total} file="skor-total" plot={charts.total} table={binTable(data.total_histogram)} />
      {charts.sections.map(({ s, plot }) => (
        <ChartFigure key={s.section} title={t.section(t.sections[s.section])} file={`skor-${s.section}`} plot={plot} table={binTable(s.histogram)} />
      ))}
      <ChartFigure title={t.levels} file="tingkat-kemahiran" plot={charts.levels} table={charts.levelsTable} />
      <ChartFigure title={t.cefr} file="tingkat-cefr" plot={charts.cefr} table={charts.cefrTable} />
      <ChartFigure title={t.trend} file="tren-bulanan" plot={charts.trend} table={{ columns: [c.month, c.n, c.mean], rows: data.trend.map((m) => [m.month, m.n, num(m.mean_total)]) }} />
      {charts.comparison && data.comparison ? (
        <ChartFigure title={t.comparison} file="perbandingan" plot={charts.comparison} table={{
          columns: [c.group, c.n, c.mean, c.sd],
          rows: [[t.scope, data.comparison.scope.n, num(data.comparison.scope.mean), num(data.comparison.scope.sd)], [t.all, data.comparison.all.n, num(data.comparison.all.mean), num(data.comparison.all.sd)]],
        }} />
      ) : (
        <section className="insight-chart" data-chart="perbandingan-tersembunyi"><h3>{t.comparison}</h3><p role="note">{t.comparisonHidden(data.min_comparison_group)}</p></section>
      )}
    </div>
  );
}

export function InsightsPage() {
  useStaffTitle(t.title);
  const institution = useAtomValue(actingInstitutionAtom);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [session, setSession] = useState('');
  const [sessions, setSessions] = useState<TestSession[]>([]);
  const [applied, setApplied] = useState<Omit<InsightsFilter, 'institution'>>({ from: '', to: '', session: '' });
  const [data, setData] = useState<InsightsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    recentSessions(institution).then((l) => { if (live) setSessions(l); }).catch(() => { if (live) setSessions([]); });
    return () => { live = false; };
  }, [institution]);
  useEffect(() => {
    let live = true;
    setLoading(true);
    getInsights({ ...applied, institution })
      .then((d) => { if (live) { setData(d); setError(null); } })
      .catch((err: unknown) => { if (live) setError(errorText(err)); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [applied, institution]);

  const apply = (e: FormEvent) => { e.preventDefault(); setApplied({ from, to, session }); };

  return (
    <section className="stack" aria-labelledby="insights-title" aria-busy={loading}>
      <h1 id="insights-title">{t.title}</h1>
      <p>{t.intro}</p>
      <InstitutionPicker optional />
      <Form className="staff-filters" onSubmit={apply} aria-label={t.filters}>
        <TextField label={t.from} type="date" value={from} onChange={setFrom} />
        <TextField label={t.to} type="date" value={to} onChange={setTo} />
        <div className="field">
          <label htmlFor="insights-session">{t.session}</label>
          <select id="insights-session" value={session} onChange={(e) => setSession(e.target.value)}>
            <option value="">{t.allSessions}</option>
            {sessions.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </div>
        <Button type="submit">{t.apply}</Button>
      </Form>
      {error && <Alert tone="error">{error}</Alert>}
      {data && <p role="status" data-testid="insights-candidates">{t.candidates(formatCount(data.candidates))}</p>}
      {data && data.candidates === 0 && <p>{t.empty}</p>}
      {data && data.candidates > 0 && <Charts data={data} />}
    </section>
  );
}
