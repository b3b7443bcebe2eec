import { useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { messages } from '../../../i18n/messages.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';

const t = messages.licence;
/** Spec 9: the empty-submit error goes away after 5 seconds. */
export const EMPTY_ERROR_MS = 5_000;

/**
 * Licence field with 'Redeem Lisensi' (spec 5): an empty submit shows 'Kode Lisensi tidak boleh
 * kosong' for 5 seconds (editing clears it); a field emptied by hand shows the required rule.
 */
export function RedeemForm({ code, onCodeChange, onRedeem, isDisabled }: {
  code: string;
  onCodeChange: (code: string) => void;
  onRedeem: (code: string) => void;
  isDisabled: boolean;
}) {
  const [emptySubmit, setEmptySubmit] = useState(false);
  const [edited, setEdited] = useState(false);

  useEffect(() => {
    if (!emptySubmit) return;
    const id = setTimeout(() => setEmptySubmit(false), EMPTY_ERROR_MS);
    return () => clearTimeout(id);
  }, [emptySubmit]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setEmptySubmit(true);
      return;
    }
    onRedeem(code.trim());
  }

  const error = emptySubmit ? t.emptySubmit : edited && !code.trim() ? t.required : undefined;
  return (
    <Form onSubmit={submit} validationBehavior="aria" className="redeem-form">
      <TextField label={t.field} name="licence" value={code} autoComplete="off" description={t.fieldHint}
        onChange={(v) => { onCodeChange(v); setEdited(true); setEmptySubmit(false); }}
        errorMessage={error} />
      <Button type="submit" isDisabled={isDisabled}>{t.redeem}</Button>
    </Form>
  );
}
