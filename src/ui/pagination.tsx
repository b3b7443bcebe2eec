import { Button } from './button.tsx';

/** Every page up to 7; beyond that the first, the last and the current page's neighbours (null = a gap). */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const keep = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return keep.flatMap((n, i) => (i > 0 && n - keep[i - 1]! > 1 ? [null, n] : [n]));
}

export interface PaginationLabels {
  /** The navigation landmark's name. */
  label: string;
  prev: string;
  next: string;
  page: (n: number) => string;
  status: (page: number, pages: number) => string;
}

/**
 * Page buttons in a named navigation landmark. The current page is marked with aria-current, and
 * a polite live region says which page is shown, so a screen reader hears the change.
 */
export function Pagination({ page, pageCount, onChange, labels, isDisabled = false }: {
  page: number; pageCount: number; onChange: (page: number) => void; labels: PaginationLabels; isDisabled?: boolean;
}) {
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  return (
    <nav className="pagination" aria-label={labels.label}>
      <Button variant="secondary" onPress={() => onChange(page - 1)} isDisabled={isDisabled || page <= 1}>{labels.prev}</Button>
      <ul>
        {pages.map((n, i) => n === null ? <li key={`gap-${i}`} aria-hidden="true">…</li> : (
          <li key={n}>
            <Button variant={n === page ? 'primary' : 'secondary'} aria-label={labels.page(n)} aria-current={n === page ? 'page' : undefined}
              onPress={() => onChange(n)} isDisabled={isDisabled}>
              {n}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onPress={() => onChange(page + 1)} isDisabled={isDisabled || page >= pageCount}>{labels.next}</Button>
      <p className="visually-hidden" aria-live="polite">{labels.status(page, pageCount)}</p>
    </nav>
  );
}
