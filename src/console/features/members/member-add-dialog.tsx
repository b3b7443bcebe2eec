// Add one member: e-mail, full name, phone (optional); the password-set mail goes out unless unticked.
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { addMember } from '../../lib/api/members-api.ts';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';

const t = staffMessages.members;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function MemberAddDialog({ isOpen, onClose, onAdded }: { isOpen: boolean; onClose: () => void; onAdded: (message: string) => void }) {
  const institution = useAtomValue(actingInstitutionAtom);
  const [form, setForm] = useState({ email: '', fullname: '', phone: '', invite: true });
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = {
    email: !form.email.trim() ? t.emailRequired : EMAIL.test(form.email.trim()) ? undefined : t.emailInvalid,
    fullname: form.fullname.trim() ? undefined : t.fullnameRequired,
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (errors.email || errors.fullname) return;
    setBusy(true);
    setError(null);
    try {
      const message = await addMember({ email: form.email.trim(), fullname: form.fullname.trim(), phone_number: form.phone.trim(), send_invite: form.invite }, institution);
      setForm({ email: '', fullname: '', phone: '', invite: true });
      setTouched(false);
      onAdded(message);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t.addTitle} isOpen={isOpen} onClose={onClose}>
      {error && <Alert tone="error">{error}</Alert>}
      <Form onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <TextField label={t.email} type="email" value={form.email} onChange={(email) => setForm({ ...form, email })} autoFocus
          errorMessage={touched ? errors.email : undefined} isRequired />
        <TextField label={t.fullname} value={form.fullname} onChange={(fullname) => setForm({ ...form, fullname })}
          errorMessage={touched ? errors.fullname : undefined} isRequired />
        <TextField label={t.phone} type="tel" value={form.phone} onChange={(phone) => setForm({ ...form, phone })} />
        <Checkbox isSelected={form.invite} onChange={(invite) => setForm({ ...form, invite })}>{t.sendInvite}</Checkbox>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t.cancel}</Button>
          <Button type="submit" isDisabled={busy}>{t.add}</Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
