import {
  FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export type TextFieldProps = Omit<AriaTextFieldProps, 'children'> & {
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
};

/** A labelled text input; its error is announced through react-aria's FieldError. */
export function TextField({ label, description, errorMessage, placeholder, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className="field" isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label>{label}</Label>
      <Input placeholder={placeholder} />
      {description && <Text slot="description" className="field-help">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
