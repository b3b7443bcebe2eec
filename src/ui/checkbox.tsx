import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './checkbox.css';

/** A labelled checkbox (the label is its children, so clicking the text toggles it). */
export function Checkbox({ children, className, ...props }: Omit<AriaCheckboxProps, 'children'> & { children: ReactNode }) {
  return (
    <AriaCheckbox {...props} className={['checkbox', className ?? ''].filter(Boolean).join(' ')}>
      <span className="checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18"><polyline points="3.5 9.5 7.5 13 14.5 5" /></svg>
      </span>
      <span>{children}</span>
    </AriaCheckbox>
  );
}
