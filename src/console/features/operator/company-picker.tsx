// Which company an operator screen works on (a radio group: companies are few).
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import type { Company } from './api/operator-api.ts';

export function CompanyPicker({ companies, selected, onSelect }: { companies: Company[]; selected: Company | null; onSelect: (id: string) => void }) {
  if (companies.length < 2) return null;
  return (
    <RadioGroup label={t.companyPick} value={selected?.id ?? null} onChange={onSelect}
      options={companies.map((c) => ({ value: c.id, label: c.name }))} />
  );
}
