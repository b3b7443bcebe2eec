// Generate a batch: product, how many, until when, a note. The codes come back once: a blocking
// dialog shows them with the CSV download and says they will not be shown again.
import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { licenceBatchCsv } from '../../../../contracts/admin-licences.ts';
import { LICENCE_BATCH_MAX } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { generateBatch, listProducts, type GeneratedBatch, type Product } from './api/licences-api.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';
import { dayBoundary } from '../../lib/paged.ts';

const t = staffMessages.licences;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toLocaleDateString('sv-SE');

export function LicenceGenerate({ onGenerated }: { onGenerated: () => void }) {
  const institution = useAtomValue(actingInstitutionAtom);
  const [products, setProducts] = useState<Product[]>([]);
  const [form, setForm] = useState({ product: '', count: '50', expires: inDays(90), note: '' });
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [generated, setGenerated] = useState<(GeneratedBatch & { message: string }) | null>(null);

  useEffect(() => {
    let live = true;
    listProducts(institution).then((list) => {
      if (!live) return;
      setProducts(list);
      setForm((f) => ({ ...f, product: f.product || (list[0]?.id ?? '') }));
    }).catch((err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, [institution]);

  const count = Number(form.count);
  const errors = {
    count: Number.isInteger(count) && count >= 1 && count <= LICENCE_BATCH_MAX ? undefined : t.countInvalid(LICENCE_BATCH_MAX),
    expires: dayBoundary(form.expires, true) ? undefined : t.expiresInvalid,
    product: form.product ? undefined : t.productRequired,
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      setGenerated(await generateBatch(institution, { product_id: form.product, count, expires_at: dayBoundary(form.expires, true)!, note: form.note.trim() }));
      onGenerated();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="stack staff-panel" aria-labelledby="generate-title">
      <h2 id="generate-title">{t.generateTitle}</h2>
      {error && <Alert tone="error">{error}</Alert>}
      <Form className="stack" onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <RadioGroup label={t.product} value={form.product} onChange={(product) => setForm({ ...form, product })}
          options={products.map((p) => ({ value: p.id, label: p.name }))} errorMessage={touched ? errors.product : undefined} />
        <div className="staff-filters">
          <TextField label={t.count} type="number" min="1" max={String(LICENCE_BATCH_MAX)} value={form.count}
            onChange={(c) => setForm({ ...form, count: c })} errorMessage={touched ? errors.count : undefined} isRequired />
          <TextField label={t.expires} type="date" min={inDays(1)} value={form.expires}
            onChange={(expires) => setForm({ ...form, expires })} errorMessage={touched ? errors.expires : undefined} isRequired />
          <TextField label={t.note} value={form.note} onChange={(note) => setForm({ ...form, note })} />
        </div>
        <Button type="submit" isDisabled={busy}>{t.generate}</Button>
      </Form>
      {generated && <GeneratedCodes batch={generated} onClose={() => setGenerated(null)} />}
    </section>
  );
}

function GeneratedCodes({ batch, onClose }: { batch: GeneratedBatch & { message: string }; onClose: () => void }) {
  const [saved, setSaved] = useState(false);
  const download = () => {
    saveBlob(licenceBatchCsv(batch.batch, batch.codes), `lisensi-${batch.batch.created_at.slice(0, 10)}-${batch.batch.id.slice(0, 8)}.csv`);
    setSaved(true);
  };
  return (
    <ModalDialog title={t.codesTitle(batch.codes.length)} isOpen role="alertdialog">
      <Alert tone="error">{batch.message}</Alert>
      <ul className="staff-codes" data-testid="licence-codes">{batch.codes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
      <div className="dialog-actions">
        <Button variant={saved ? 'secondary' : 'primary'} onPress={download}>{t.downloadCsv}</Button>
        <Button variant={saved ? 'primary' : 'secondary'} onPress={onClose}>{t.codesDone}</Button>
      </div>
    </ModalDialog>
  );
}
