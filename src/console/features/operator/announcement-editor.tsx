// Editing the announcement: on/off and its images in order (./image-list-editor.tsx); nothing
// changes for candidates until Save.
import { useState } from 'react';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { saveAnnouncement, type Company } from './api/operator-api.ts';
import { ImageListEditor } from './image-list-editor.tsx';
import { withNotice, type Notice } from '../../lib/notice.ts';

const a = t.announcement;

export function AnnouncementEditor({ company, onSaved }: { company: Company; onSaved: () => void }) {
  const [active, setActive] = useState(company.announcement.is_active);
  const [images, setImages] = useState<string[]>(company.announcement.images);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    const ok = await withNotice(setNotice, async () => (await saveAnnouncement(company.id, { is_active: active, images })).message);
    setBusy(false);
    if (ok) onSaved();
  }

  return (
    <section className="stack staff-panel" aria-labelledby="announcement-title">
      <h2 id="announcement-title">{a.announcementTitle}</h2>
      <Checkbox isSelected={active} onChange={setActive}>{a.active}</Checkbox>
      <h3>{a.images}</h3>
      <ImageListEditor kind="announcement" companyId={company.id} images={images} onChange={setImages} onNotice={setNotice} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="form-actions">
        <Button isDisabled={busy} onPress={() => void save()}>{t.save}</Button>
      </div>
    </section>
  );
}
