// The announcement shown on the test list (images uploaded here or site paths) and the maintenance
// flag, per company.
import { useState } from 'react';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { setMaintenance, type Company } from '../api/operator-api.ts';
import { useStaffTitle } from '../shell/use-staff-title.ts';
import { AnnouncementEditor } from './announcement-editor.tsx';
import { CompanyPicker } from './company-picker.tsx';
import { useCompanies, withNotice, type Notice } from './use-companies.ts';

const a = t.announcement;

function MaintenanceSwitch({ company, onChanged }: { company: Company; onChanged: () => void }) {
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function toggle(on: boolean) {
    setBusy(true);
    await withNotice(setNotice, async () => (await setMaintenance(company.id, on)).message);
    setBusy(false);
    onChanged();
  }
  return (
    <section className="stack staff-panel" aria-labelledby="maintenance-title">
      <h2 id="maintenance-title">{a.maintenanceTitle}</h2>
      <p className="muted">{a.maintenanceHint}</p>
      <Checkbox isSelected={company.maintenance} isDisabled={busy} onChange={(on) => void toggle(on)}>{a.maintenanceSwitch}</Checkbox>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </section>
  );
}

export function AnnouncementsPage() {
  useStaffTitle(a.title);
  const { companies, selected, select, reload, error } = useCompanies();
  return (
    <section className="stack" aria-labelledby="announcements-title">
      <h1 id="announcements-title">{a.title}</h1>
      {error && <Alert tone="error">{error}</Alert>}
      <CompanyPicker companies={companies} selected={selected} onSelect={select} />
      {selected && <MaintenanceSwitch company={selected} onChanged={reload} />}
      {selected && <AnnouncementEditor key={selected.id} company={selected} onSaved={reload} />}
    </section>
  );
}
