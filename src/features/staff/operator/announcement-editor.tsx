// Editing the announcement: on/off, its images in order (upload a JPEG/PNG or add a site path),
// remove one; nothing changes for candidates until Save.
import { useState, type FormEvent } from 'react';
import { FileTrigger, Form } from 'react-aria-components';
import { SITE_RELATIVE_URL } from '../../../../contracts/admin-operator.ts';
import { ANNOUNCEMENT_IMAGE_MAX_BYTES } from '../../../../contracts/facts/index.ts';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { saveAnnouncement, uploadAnnouncementImage, type Company } from '../api/operator-api.ts';
import { withNotice, type Notice } from './use-companies.ts';

const a = t.announcement;

export function AnnouncementEditor({ company, onSaved }: { company: Company; onSaved: () => void }) {
  const [active, setActive] = useState(company.announcement.is_active);
  const [images, setImages] = useState<string[]>(company.announcement.images);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    if (file.size > ANNOUNCEMENT_IMAGE_MAX_BYTES) { setNotice({ tone: 'error', text: a.tooLarge }); return; }
    setBusy(true);
    await withNotice(setNotice, async () => {
      const r = await uploadAnnouncementImage(company.id, file);
      setImages((list) => [...list, r.data.url]);
      return r.message;
    });
    setBusy(false);
  }

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
      {images.length === 0 ? <p className="muted">{a.noImages}</p> : (
        <ol className="staff-images">
          {images.map((url, n) => (
            <li key={`${url}-${n}`}>
              <img src={url} alt={a.imageAlt(n + 1)} />
              <code>{url}</code>
              <Button variant="secondary" aria-label={a.removeLabel(n + 1)} onPress={() => setImages(images.filter((_, k) => k !== n))}>{a.remove}</Button>
            </li>
          ))}
        </ol>
      )}
      <div className="form-actions">
        <FileTrigger acceptedFileTypes={['image/png', 'image/jpeg']} onSelect={(files) => void upload(files)}>
          <Button variant="secondary" isDisabled={busy}>{busy ? a.uploading : a.upload}</Button>
        </FileTrigger>
      </div>
      <p className="muted">{a.uploadHint}</p>
      <AddPath onAdd={(url) => setImages([...images, url])} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="form-actions">
        <Button isDisabled={busy} onPress={() => void save()}>{t.save}</Button>
      </div>
    </section>
  );
}

function AddPath({ onAdd }: { onAdd: (url: string) => void }) {
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const error = SITE_RELATIVE_URL.test(url.trim()) ? undefined : a.urlInvalid;
  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    onAdd(url.trim());
    setUrl('');
    setTouched(false);
  }
  return (
    <Form className="staff-filters" onSubmit={submit} validationBehavior="aria">
      <TextField label={a.addUrl} placeholder={a.addUrlPlaceholder} value={url} onChange={setUrl} errorMessage={touched ? error : undefined} />
      <Button type="submit" variant="secondary">{a.add}</Button>
    </Form>
  );
}
