// A single choice from a few options on native radio inputs (issue 16: the exam's answer options).
// The browser gives the group its keyboard (one tab stop, the arrow keys move and pick) and its
// accessibility (role radio, checked state, the group's name); React renders only the options whose
// state changed, where react-aria's RadioGroup re-rendered every option with its press, hover and
// focus hooks on each click, which cost a low-end laptop most of a frame. The markup keeps ui's
// RadioGroup classes and data attributes (`.radio`, `data-selected`, `data-disabled`) for the styles.
import { memo, useId } from 'react';
import type { ReactNode } from 'react';
import './radio-group.css';

export type ChoiceOption = { value: string; label: ReactNode };

/** `onChange` and `options` should keep their identity between renders: the options are memoised. */
export function ChoiceGroup({ label, value, onChange, options, isDisabled = false }: {
  /** The group's accessible name (not shown). */
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  options: readonly ChoiceOption[];
  isDisabled?: boolean;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} aria-orientation="vertical" aria-disabled={isDisabled || undefined} className="radio-group">
      {options.map((o) => (
        <Choice key={o.value} name={name} value={o.value} label={o.label} selected={o.value === value} disabled={isDisabled} onPick={onChange} />
      ))}
    </div>
  );
}

const Choice = memo(function Choice({ name, value, label, selected, disabled, onPick }: {
  name: string;
  value: string;
  label: ReactNode;
  selected: boolean;
  disabled: boolean;
  onPick: (value: string) => void;
}) {
  return (
    <label className="radio" data-selected={selected || undefined} data-disabled={disabled || undefined}>
      <input type="radio" className="visually-hidden" name={name} value={value} checked={selected} disabled={disabled} onChange={() => onPick(value)} />
      {label}
    </label>
  );
});
