// "Tambah staf": e-mail, name and, for operators, the role and the institution (an institution admin
// adds proctors of its own institution only). The server mails the new account a one-time link to
// set its password; no password is ever typed here.
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { STAFF_ROLES, type StaffRole } from '../../../../contracts/facts/index.ts';
import { staffAccountMessages } from '../../../i18n/staff-account-messages.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { listInstitutions, type InstitutionSummary } from '../../lib/api/institution-api.ts';
import { addStaffAccount } from '../../lib/api/staff-accounts-api.ts';
import { staffAtom } from '../../lib/staff-session.ts';

const t = staffAccountMessages.add;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blank = (role: StaffRole) => ({ email: '', name: '', role, institution: '' });

function InstitutionSelect({ value, onChange, role, error }: { value: string; onChange: (v: string) => void; role: StaffRole; error?: string }) {
  const [list, setList] = useState<InstitutionSummary[] | null>(null);
  const id = useId();
  useEffect(() => {
    let live = true;
    listInstitutions().then((l) => { if (live) setList(l); }).catch(() => { if (live) setList([]); });
    return () => { live = false; };
  }, []);
  return (
    <div className="field staff-picker">
      <label htmlFor={id}>{t.institution}</label>
      <select id={id} value={value} disabled={!list} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{role === 'proctor' ? t.noInstitution : t.pickInstitution}</option>
        {list?.map((i) => <option key={i.id} value={i.id}>{i.name}</option>)}
      </select>
      {error && <span id={`${id}-error`} className="field-error">{error}</span>}
    </div>
  );
}

export function StaffAddForm({ onAdded }: { onAdded: (message: string) => void }) {
  const staff = useAtomValue(staffAtom)!;
  const operator = staff.role === 'operator';
  const [form, setForm] = useState(blank(operator ? 'institution-admin' : 'proctor'));
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = {
    email: !form.email.trim() ? t.emailRequired : EMAIL.test(form.email.trim()) ? undefined : t.emailInvalid,
    institution: operator && form.role === 'institution-admin' && !form.institution ? t.institutionRequired : undefined,
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (errors.email || errors.institution) return;
    setBusy(true);
    setError(null);
    try {
      const institution_id = !operator ? undefined : form.role === 'operator' ? null : form.institution || null;
      onAdded(await addStaffAccount({ email: form.email.trim(), name: form.name.trim(), role: form.role, institution_id }));
      setForm(blank(form.role));
      setTouched(false);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="stack staff-panel" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">{t.title}</h2>
      {!operator && <p className="muted">{t.proctorOnly}</p>}
      {error && <Alert tone="error">{error}</Alert>}
      <Form onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <TextField label={t.email} type="email" value={form.email} onChange={(email) => setForm({ ...form, email })}
          errorMessage={touched ? errors.email : undefined} isRequired />
        <TextField label={t.name} value={form.name} onChange={(name) => setForm({ ...form, name })} />
        {operator && (
          <>
            <RadioGroup label={t.role} value={form.role} onChange={(role) => setForm({ ...form, role: role as StaffRole })}
              options={STAFF_ROLES.map((r) => ({ value: r, label: staffMessages.app.roles[r] }))} />
            {form.role !== 'operator' && (
              <InstitutionSelect value={form.institution} role={form.role} onChange={(institution) => setForm({ ...form, institution })}
                error={touched ? errors.institution : undefined} />
            )}
          </>
        )}
        <div className="form-actions">
          <Button type="submit" isDisabled={busy}>{t.submit}</Button>
        </div>
      </Form>
    </section>
  );
}
