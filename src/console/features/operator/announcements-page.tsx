// The announcement shown on the test list (images uploaded here or site paths) and maintenance
// (the flag and the pictures of the maintenance screen), per company.
import { useState } from 'react';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { setMaintenance, type Company } from './api/operator-api.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { AnnouncementEditor } from './announcement-editor.tsx';
import { ImageListEditor } from './image-list-editor.tsx';
import { CompanyPicker } from './company-picker.tsx';
import { useCompanies } from './use-companies.ts';
import { withNotice, type Notice } from '../../lib/notice.ts';

const a = t.announcement;

/** Maintenance on/off and the pictures candidates see meanwhile (none: the default one); applied on Save. */
function MaintenanceEditor({ company, onSaved }: { company: Company; onSaved: () => void }) {
  const [on, setOn] = useState(company.maintenance);
  const [images, setImages] = useState<string[]>(company.maintenance_images);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    const ok = await withNotice(setNotice, async () => (await setMaintenance(company.id, on, images)).message);
    setBusy(false);
    if (ok) onSaved();
  }
  return (
    <section className="stack staff-panel" aria-labelledby="maintenance-title">
      <h2 id="maintenance-title">{a.maintenanceTitle}</h2>
      <p className="muted">{a.maintenanceHint}</p>
      <Checkbox isSelected={on} onChange={setOn}>{a.maintenanceSwitch}</Checkbox>
      <h3>{a.maintenanceImages}</h3>
      <p className="muted">{a.maintenanceImagesHint}</p>
      <ImageListEditor kind="maintenance" companyId={company.id} images={images} onChange={setImages} onNotice={setNotice} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="form-actions">
        <Button isDisabled={busy} onPress={() => void save()}>{t.save}</Button>
      </div>
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
      {selected && <MaintenanceEditor key={`maintenance-${selected.id}`} company={selected} onSaved={reload} />}
      {selected && <AnnouncementEditor key={selected.id} company={selected} onSaved={reload} />}
    </section>
  );
}
