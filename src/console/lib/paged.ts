// A paged list loaded from the server for the current filter and page; reloads when either changes
// (and on `reload()`), ignores answers that arrive after a newer request.
import { useCallback, useEffect, useState } from 'react';
import { errorText } from './api/error-text.ts';

export interface Paged<T> { list: T[]; page: number; limit: number; total: number }

export function usePaged<T, F>(load: (filter: F, page: number) => Promise<Paged<T>>, filter: F, page: number) {
  const [data, setData] = useState<Paged<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load(filter, page)
      .then((d) => { if (live) { setData(d); setError(null); } })
      .catch((err: unknown) => { if (live) setError(errorText(err)); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [load, filter, page, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return { data, error, loading, reload, pageCount };
}

/** Local start (or end) of a yyyy-mm-dd day as an ISO instant, for the API's date filters. */
export function dayBoundary(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
