// A deletion requested another way (mail, letter, phone): staff find the member in their scope by
// e-mail, write where the request came from (required), confirm, and the member's data is
// anonymised as from /account, with the receipt mailed and the action audited.
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { privacyStaffMessages as t } from '../../../i18n/staff-privacy-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { listMembers, type AdminMember } from '../../lib/api/members-api.ts';
import { deleteMemberData } from './api/privacy-api.ts';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';

const NOTE_MIN = 10;

export function StaffDeletionForm({ onDone }: { onDone: (message: string) => void }) {
  const institution = useAtomValue(actingInstitutionAtom);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [member, setMember] = useState<AdminMember | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteError = note.trim().length >= NOTE_MIN ? undefined : t.noteTooShort;

  async function find(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (noteError || !email.trim()) return;
    setBusy(true);
    try {
      const wanted = email.trim().toLowerCase();
      const { list } = await listMembers({ search: wanted, status: 'all', institution }, 1, 20);
      const found = list.find((m) => m.email === wanted);
      if (found) setMember(found);
      else setError(t.notFound);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!member) return;
    setBusy(true);
    try {
      const { message } = await deleteMemberData(member.id, note.trim());
      setMember(null);
      setEmail('');
      setNote('');
      setTouched(false);
      onDone(message);
    } catch (err) {
      setMember(null);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-panel stack" aria-labelledby="privacy-process">
      <h2 id="privacy-process">{t.processTitle}</h2>
      <p>{t.processIntro}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Form onSubmit={(e) => void find(e)} validationBehavior="aria">
        <TextField label={t.memberEmail} type="email" value={email} onChange={setEmail} isRequired />
        <TextField label={t.note} description={t.noteHint} value={note} onChange={setNote} isRequired multiline
          errorMessage={touched ? noteError : undefined} />
        <Button type="submit" isDisabled={busy}>{t.find}</Button>
      </Form>
      <ModalDialog title={t.confirmTitle} role="alertdialog" isOpen={member !== null} onClose={() => setMember(null)}>
        {member && <p>{t.confirmBody(member.fullname || '–', member.email)}</p>}
        <p className="staff-note">{note.trim()}</p>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={() => setMember(null)}>{t.cancel}</Button>
          <Button onPress={() => void confirm()} isDisabled={busy}>{t.confirm}</Button>
        </div>
      </ModalDialog>
    </section>
  );
}
