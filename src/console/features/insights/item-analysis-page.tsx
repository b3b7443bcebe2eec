// /admin/exams/:id/analysis (issue 31, operator): whether an exam version measures well. Per section
// KR-20 and the SEM; per item the difficulty (share correct), the discrimination (corrected
// point-biserial), each option's share overall, in the upper and the lower 27 % (a distractor that
// draws the upper group more than the lower is marked), and the flags; difficulty against
// discrimination as a chart; the CSV for psychometricians. Figures from the server (server/services/insights).
import * as Plot from '@observablehq/plot';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { ITEM_FLAG_MIN_DISCRIMINATION } from '../../../../contracts/facts/index.ts';
import { staffInsightsMessages } from '../../../i18n/staff-insights-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { formatCount } from '../../lib/format.ts';
import { staffPaths } from '../../lib/staff-paths.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { downloadItemAnalysisCsv, getItemAnalysis, type ItemAnalysisResponse } from './api/insights-api.ts';
import { ChartFigure } from './chart-figure.tsx';
import './staff-insights.css';

const t = staffInsightsMessages.analysis;
const sectionName = staffInsightsMessages.dashboard.sections;
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const fixed = (x: number | null, d = 2) => (x === null ? t.none : x.toFixed(d).replace('.', ','));
const pct = (x: number) => `${Math.round(x * 100)}`;

type Item = ItemAnalysisResponse['items'][number];

function OptionsCell({ item }: { item: Item }) {
  return (
    <ul className="item-options">
      {item.options.map((o) => {
        const attracts = !o.is_key && o.upper_share > o.lower_share;
        return (
          <li key={o.index} className={o.is_key ? 'item-option-key' : attracts ? 'item-option-attracts' : undefined} data-attracts-top={attracts || undefined}>
            {LETTERS[o.index] ?? o.index + 1}: {pct(o.share)} · {pct(o.upper_share)} · {pct(o.lower_share)} %
            {o.is_key && ` (${t.key})`}{attracts && ` (${t.attractsTop})`}
          </li>
        );
      })}
    </ul>
  );
}

export function ItemAnalysisPage() {
  const { id = '' } = useParams();
  useStaffTitle(t.title);
  const [data, setData] = useState<ItemAnalysisResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  useEffect(() => {
    let live = true;
    getItemAnalysis(id).then((d) => { if (live) setData(d); }).catch((err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, [id]);

  const scatter = useMemo(() => {
    const points = (data?.items ?? []).filter((i) => i.p !== null && i.discrimination !== null)
      .map((i) => ({ p: i.p!, d: i.discrimination!, label: `${sectionName[i.section]} ${i.number}`, flagged: i.flags.length > 0 }));
    return {
      plot: () => ({
        x: { label: t.chartX, domain: [0, 1], grid: true }, y: { label: t.chartY, grid: true }, color: { domain: [false, true], range: ['#1d4ed8', '#b42318'] },
        marks: [Plot.ruleY([0]), Plot.ruleY([ITEM_FLAG_MIN_DISCRIMINATION], { strokeDasharray: '4 3' }), Plot.dot(points, { x: 'p', y: 'd', fill: 'flagged', r: 4, title: 'label' })],
      }),
      table: { columns: [t.itemColumns.item, t.itemColumns.p, t.itemColumns.d], rows: points.map((x) => [x.label, fixed(x.p), fixed(x.d)]) },
    };
  }, [data]);

  const items = (data?.items ?? []).filter((i) => !flaggedOnly || i.flags.length > 0);
  return (
    <section className="stack" aria-labelledby="analysis-title">
      <h1 id="analysis-title">{t.title}</h1>
      <a className="nav-back" href={staffPaths.exams}>{t.back}</a>
      <p>{t.intro}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {data && (
        <>
          <p role="status" data-testid="analysis-attempts">{t.attempts(formatCount(data.attempts))}</p>
          <Button variant="secondary" onPress={() => void downloadItemAnalysisCsv(id).catch((err: unknown) => setError(errorText(err)))}>{t.csv}</Button>
          {!data.sufficient && <Alert tone="error">{t.insufficient(data.attempts, data.min_attempts)}</Alert>}
        </>
      )}
      {data?.sufficient && (
        <>
          <h2>{t.sectionsTitle}</h2>
          <div className="staff-table-wrap">
            <table className="staff-table">
              <thead><tr>{Object.values(t.sectionColumns).map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
              <tbody>
                {data.sections.map((s) => (
                  <tr key={s.section} data-section={s.section}>
                    <th scope="row">{sectionName[s.section]}</th><td className="num">{s.items}</td><td className="num">{s.n}</td>
                    <td className="num">{fixed(s.mean, 1)}</td><td className="num">{fixed(s.sd, 2)}</td><td className="num" data-testid={`kr20-${s.section}`}>{fixed(s.kr20, 3)}</td><td className="num">{fixed(s.sem, 2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ChartFigure title={t.chart} file="kesukaran-daya-beda" plot={scatter.plot} table={scatter.table} />
          <h2>{t.itemsTitle}</h2>
          <Checkbox isSelected={flaggedOnly} onChange={setFlaggedOnly}>{t.flaggedOnly}</Checkbox>
          <div className="staff-table-wrap">
            <table className="staff-table" aria-label={t.itemsTitle}>
              <thead><tr>{Object.values(t.itemColumns).map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.question_id} data-item={`${i.section}-${i.number}`} data-flags={i.flags.join(' ')}>
                    <th scope="row">{sectionName[i.section]} {i.number}</th>
                    <td className="num">{fixed(i.p)}</td><td className="num">{fixed(i.discrimination)}</td>
                    <td><OptionsCell item={i} /></td>
                    <td>{i.flags.length === 0 ? t.none : <ul className="item-options">{i.flags.map((f) => <li key={f} className="item-flag">{t.flags[f]}</li>)}</ul>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
