// Operators see every institution: the screens that work on one institution ask which.
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';

const t = staffMessages.settings;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function InstitutionPicker({ value, onOpen }: { value: string | null; onOpen: (id: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [touched, setTouched] = useState(false);
  const valid = UUID.test(text.trim());
  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (valid) onOpen(text.trim());
  }
  return (
    <Form className="staff-filters" onSubmit={submit} validationBehavior="aria">
      <TextField label={t.institutionField} description={t.institutionHint} value={text} onChange={setText}
        errorMessage={touched && !valid ? t.institutionInvalid : undefined} />
      <Button type="submit">{t.open}</Button>
    </Form>
  );
}
