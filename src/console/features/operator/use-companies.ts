// The companies the operator screens work on, and which one is picked (the first by default).
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../lib/api/error-text.ts';
import { listCompanies, type Company } from './api/operator-api.ts';

export function useCompanies() {
  const [companies, setCompanies] = useState<Company[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    listCompanies().then((list) => {
      if (!live) return;
      setCompanies(list);
      setError(null);
      setSelectedId((id) => (id && list.some((c) => c.id === id) ? id : list[0]?.id ?? null));
    }).catch((err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, [version]);

  const selected = companies.find((c) => c.id === selectedId) ?? null;
  return { companies, selected, select: setSelectedId, reload, error };
}
