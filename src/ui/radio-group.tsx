import type { ReactNode } from 'react';
import { FieldError, Label, Radio, RadioGroup as AriaRadioGroup } from 'react-aria-components';
import './radio-group.css';

export type RadioOption = { value: string; label: ReactNode };

/** A labelled single choice: arrow keys move between options, Space/click picks one. */
export function RadioGroup({ label, labelHidden = false, value, onChange, options, isDisabled, isRequired, name, errorMessage }: {
  label: string;
  labelHidden?: boolean;
  value: string | null;
  onChange: (value: string) => void;
  options: RadioOption[];
  isDisabled?: boolean;
  isRequired?: boolean;
  /** Form field name (a hidden input carries the value). */
  name?: string;
  /** Shown under the options and announced (react-aria FieldError). */
  errorMessage?: string;
}) {
  return (
    <AriaRadioGroup className="radio-group" value={value} onChange={onChange} isDisabled={isDisabled}
      isRequired={isRequired} name={name} isInvalid={Boolean(errorMessage)}>
      <Label className={labelHidden ? 'visually-hidden' : 'radio-group-label'}>{label}</Label>
      {options.map((o) => (
        <Radio key={o.value} value={o.value} className="radio">
          {o.label}
        </Radio>
      ))}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}
