import { useId } from 'react';
import './progress-bar.css';

interface Props {
  label: string;
  /** 0..100 */
  value: number;
  /** What a screen reader says instead of the bare percentage (e.g. '1,2 dari 2,4 MB'), also shown beside the label. */
  valueText?: string;
  testId?: string;
}

/**
 * A determinate progress bar: role progressbar, labelled, with its value and value text. Plain ARIA
 * rather than react-aria-components' ProgressBar: that module is shared with the Button, and using its
 * component pulled its code (and a number formatter) into the login route's chunk.
 */
export function ProgressBar({ label, value, valueText, testId }: Props) {
  const labelId = useId();
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  const text = valueText ?? `${percent}%`;
  return (
    <div className="progress" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
      aria-valuetext={text} data-testid={testId}>
      <div className="progress-head">
        <span id={labelId} className="progress-label">{label}</span>
        <span className="progress-value" aria-hidden="true">{text}</span>
      </div>
      <div className="progress-track">
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
