// The institution's cloud-speech flag (issue 19): off by default; on, its members are asked for a
// separate consent on the preparation page, and only with that consent does the browser send audio
// to a cloud recogniser. Saved with the rules (PUT …/settings `cloud_speech`, audited).
import { privacyStaffMessages as t } from '../../../i18n/staff-privacy-messages.ts';
import { Checkbox } from '../../../ui/checkbox.tsx';

export function CloudSpeechField({ value, onChange, readOnly }: { value: boolean; onChange: (on: boolean) => void; readOnly: boolean }) {
  return (
    <fieldset className="staff-fieldset">
      <legend>{t.cloudTitle}</legend>
      <Checkbox isSelected={value} isDisabled={readOnly} onChange={onChange}>{t.cloudSwitch}</Checkbox>
      <p className="field-help">{t.cloudHint}</p>
    </fieldset>
  );
}
