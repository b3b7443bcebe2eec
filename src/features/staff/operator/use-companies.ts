// The companies the operator screens work on, and which one is picked (the first by default).
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../api/error-text.ts';
import { listCompanies, type Company } from '../api/operator-api.ts';

export type Notice = { tone: 'error' | 'success'; text: string } | null;

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

/** Runs an action, reporting its message (or error) as a notice; true when it succeeded. */
export async function withNotice(setNotice: (n: Notice) => void, run: () => Promise<string>): Promise<boolean> {
  try {
    setNotice({ tone: 'success', text: await run() });
    return true;
  } catch (err) {
    setNotice({ tone: 'error', text: errorText(err) });
    return false;
  }
}
