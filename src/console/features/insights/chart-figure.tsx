// One chart of the insights (issue 31): drawn by Observable Plot as SVG (loaded only in this lazy
// staff chunk), its numbers as a table under it for screen readers and anyone who would rather read,
// and exports as PNG, SVG and CSV of those same numbers.
import * as Plot from '@observablehq/plot';
import { useEffect, useId, useRef } from 'react';
import { csvText } from '../../../../contracts/csv-cell.ts';
import { staffInsightsMessages } from '../../../i18n/staff-insights-messages.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { Button } from '../../../ui/button.tsx';

const t = staffInsightsMessages.chart;

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/** The chart's SVG element (Plot returns the SVG itself, or a figure holding it with a legend). */
const svgOf = (host: HTMLElement | null) => host?.querySelector('svg') ?? null;

function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  // Plot styles its SVG with a class and inline style; the font is set so a standalone file looks the same.
  copy.setAttribute('font-family', 'DejaVu Sans, system-ui, sans-serif');
  return new XMLSerializer().serializeToString(copy);
}

async function pngOf(svg: SVGSVGElement): Promise<Blob> {
  const { width, height } = svg.getBoundingClientRect();
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('png'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function ChartFigure({ title, file, plot, table }: {
  title: string;
  /** File name without extension for the exports. */
  file: string;
  plot: (width: number) => Plot.PlotOptions;
  table: ChartTable;
}) {
  const host = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const width = Math.max(280, Math.min(640, el.clientWidth || 560));
    const chart = Plot.plot({ width, height: 240, style: { fontSize: '12px', background: 'transparent' }, ...plot(width) });
    chart.setAttribute('role', 'img');
    chart.setAttribute('aria-label', title);
    el.replaceChildren(chart);
    return () => chart.remove();
  }, [plot, title]);

  const save = async (format: 'png' | 'svg' | 'csv') => {
    if (format === 'csv') return saveBlob(`\uFEFF${csvText([table.columns, ...table.rows])}`, `${file}.csv`);
    const svg = svgOf(host.current);
    if (!svg) return;
    if (format === 'svg') saveBlob(svgText(svg as SVGSVGElement), `${file}.svg`, 'image/svg+xml');
    else saveBlob(await pngOf(svg as SVGSVGElement), `${file}.png`);
  };

  return (
    <figure className="insight-chart" aria-labelledby={titleId} data-chart={file}>
      <figcaption id={titleId}><h3>{title}</h3></figcaption>
      <div ref={host} className="insight-plot" />
      <div className="insight-exports">
        {(['png', 'svg', 'csv'] as const).map((f) => (
          <Button key={f} variant="secondary" aria-label={t.exportLabel(title, f.toUpperCase())} onPress={() => void save(f)}>{t[f]}</Button>
        ))}
      </div>
      <table className="staff-table insight-table">
        <caption>{t.table}: {title}</caption>
        <thead><tr>{table.columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>
        <tbody>{table.rows.map((r, i) => <tr key={i}>{r.map((v, j) => (j === 0 ? <th key={j} scope="row">{v}</th> : <td key={j} className="num">{v}</td>))}</tr>)}</tbody>
      </table>
    </figure>
  );
}
