// An ordered list of images for a company's test-list dialog (the announcement's or the maintenance
// screen's): upload a JPEG/PNG (stored by the server, answered with its site-relative URL), add a
// site path, remove one. The caller saves the list.
import { useState, type FormEvent } from 'react';
import { FileTrigger, Form } from 'react-aria-components';
import { SITE_RELATIVE_URL } from '../../../../contracts/admin-operator.ts';
import { ANNOUNCEMENT_IMAGE_MAX_BYTES } from '../../../../contracts/facts/index.ts';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { uploadCompanyImage, type CompanyImageKind } from './api/operator-api.ts';
import { withNotice, type Notice } from '../../lib/notice.ts';

const a = t.announcement;
const LABELS: Record<CompanyImageKind, { alt: (n: number) => string; remove: (n: number) => string }> = {
  announcement: { alt: a.imageAlt, remove: a.removeLabel },
  maintenance: { alt: a.maintenanceImageAlt, remove: a.maintenanceRemoveLabel },
};

export function ImageListEditor({ kind, companyId, images, onChange, onNotice }: {
  kind: CompanyImageKind; companyId: string; images: string[]; onChange: (images: string[]) => void; onNotice: (n: Notice) => void;
}) {
  const [busy, setBusy] = useState(false);
  const labels = LABELS[kind];

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    if (file.size > ANNOUNCEMENT_IMAGE_MAX_BYTES) { onNotice({ tone: 'error', text: a.tooLarge }); return; }
    setBusy(true);
    await withNotice(onNotice, async () => {
      const r = await uploadCompanyImage(kind, companyId, file);
      onChange([...images, r.data.url]);
      return r.message;
    });
    setBusy(false);
  }

  return (
    <>
      {images.length === 0 ? <p className="muted">{a.noImages}</p> : (
        <ol className="staff-images">
          {images.map((url, n) => (
            <li key={`${url}-${n}`}>
              <img src={url} alt={labels.alt(n + 1)} />
              <code>{url}</code>
              <Button variant="secondary" aria-label={labels.remove(n + 1)} onPress={() => onChange(images.filter((_, k) => k !== n))}>{a.remove}</Button>
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
      <AddPath onAdd={(url) => onChange([...images, url])} />
    </>
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
