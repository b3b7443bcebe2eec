import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonProps = AriaButtonProps & { variant?: 'primary' | 'secondary'; block?: boolean };

export function Button({ variant = 'primary', block = false, className, ...props }: ButtonProps) {
  const classes = ['btn', variant === 'secondary' ? 'btn-secondary' : '', block ? 'btn-block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <AriaButton {...props} className={classes} />;
}
