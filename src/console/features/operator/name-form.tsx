// A one-field form for a name (create or rename), validated before it is sent.
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';

export function NameForm({ label, submitLabel, initial = '', onSubmit, onCancel }: {
  label: string; submitLabel: string; initial?: string; onSubmit: (name: string) => Promise<boolean>; onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = name.trim() ? undefined : t.nameRequired;
  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    setBusy(true);
    const ok = await onSubmit(name.trim());
    setBusy(false);
    if (ok && !initial) { setName(''); setTouched(false); }
  }
  return (
    <Form className="staff-filters" onSubmit={(e) => void submit(e)} validationBehavior="aria">
      <TextField label={label} value={name} onChange={setName} errorMessage={touched ? error : undefined} isRequired maxLength={200} />
      <Button type="submit" isDisabled={busy}>{submitLabel}</Button>
      {onCancel && <Button variant="secondary" onPress={onCancel}>{t.cancel}</Button>}
    </Form>
  );
}

/** A dialog that renames something. */
export function RenameDialog({ title, current, onRename, onClose }: {
  title: string; current: string; onRename: (name: string) => Promise<boolean>; onClose: () => void;
}) {
  return (
    <ModalDialog title={title} isOpen onClose={onClose}>
      <NameForm label={t.name} submitLabel={t.save} initial={current} onCancel={onClose}
        onSubmit={async (name) => { const ok = await onRename(name); if (ok) onClose(); return ok; }} />
    </ModalDialog>
  );
}
