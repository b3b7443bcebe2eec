// Operators see every institution: the screens that work on one institution ask which (by its id;
// the operator screens with a list of institutions come later). Others never see this.
import { useAtom, useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { operatorInstitutionAtom, staffAtom } from '../session/staff-session.ts';

const t = staffMessages.settings;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function InstitutionPicker({ optional = false }: { optional?: boolean }) {
  const staff = useAtomValue(staffAtom);
  const [value, setValue] = useAtom(operatorInstitutionAtom);
  const [text, setText] = useState(value ?? '');
  const [touched, setTouched] = useState(false);
  if (staff?.role !== 'operator') return null;
  const trimmed = text.trim();
  const valid = UUID.test(trimmed) || (optional && trimmed === '');
  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (valid) setValue(trimmed || null);
  }
  return (
    <Form className="staff-filters" onSubmit={submit} validationBehavior="aria" aria-label={t.institutionField}>
      <TextField label={t.institutionField} description={optional ? t.institutionOptionalHint : t.institutionHint} value={text} onChange={setText}
        errorMessage={touched && !valid ? t.institutionInvalid : undefined} />
      <Button type="submit">{t.open}</Button>
    </Form>
  );
}
