import {
  FieldError, Input, Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export type TextFieldProps = Omit<AriaTextFieldProps, 'children'> & {
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
  /** A textarea instead of a one-line input. */
  multiline?: boolean;
  /** Bounds for date/number inputs (the native picker honours them). */
  min?: string;
  max?: string;
};

/** A labelled text input; its error is announced through react-aria's FieldError. */
export function TextField({ label, description, errorMessage, placeholder, multiline, min, max, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className="field" isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label>{label}</Label>
      {multiline ? <TextArea placeholder={placeholder} rows={3} /> : <Input placeholder={placeholder} min={min} max={max} />}
      {description && <Text slot="description" className="field-help">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
