// Operators see every institution: the screens that work on one institution ask which (from
// GET /admin/v1/institutions). Institution staff never see this: they work on their own.
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { staffMessages } from '../../i18n/staff-messages.ts';
import { Alert } from '../../ui/alert.tsx';
import { errorText } from './api/error-text.ts';
import { listInstitutions, type InstitutionSummary } from './api/institution-api.ts';
import { operatorInstitutionAtom, staffAtom } from './staff-session.ts';

const t = staffMessages.settings;

/** `optional`: the screen also works across every institution (lists, results). */
export function InstitutionPicker({ optional = false }: { optional?: boolean }) {
  const staff = useAtomValue(staffAtom);
  const [value, setValue] = useAtom(operatorInstitutionAtom);
  const [list, setList] = useState<InstitutionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const operator = staff?.role === 'operator';

  useEffect(() => {
    if (!operator) return;
    let live = true;
    listInstitutions().then((l) => { if (live) setList(l); }).catch((err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, [operator]);

  if (!operator) return null;
  if (error) return <Alert tone="error">{error}</Alert>;
  return (
    <div className="field staff-picker">
      <label htmlFor={id}>{t.institutionField}</label>
      <select id={id} value={value ?? ''} disabled={!list} aria-describedby={`${id}-help`}
        onChange={(e) => setValue(e.target.value || null)}>
        <option value="">{optional ? t.allInstitutions : t.pickInstitution}</option>
        {list?.map((i) => <option key={i.id} value={i.id}>{i.name}</option>)}
      </select>
      <span id={`${id}-help`} className="field-help">{optional ? t.institutionOptionalHint : t.institutionHint}</span>
    </div>
  );
}
