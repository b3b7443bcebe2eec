import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';
import './progress-bar.css';

interface Props {
  label: string;
  /** 0..100 */
  value: number;
  /** What a screen reader says instead of the bare percentage (e.g. '1,2 dari 2,4 MB'). */
  valueText?: string;
  testId?: string;
}

/** A determinate progress bar (role progressbar, labelled, with its value text beside the bar). */
export function ProgressBar({ label, value, valueText, testId }: Props) {
  return (
    <AriaProgressBar className="progress" value={value} valueLabel={valueText} data-testid={testId}>
      {({ percentage, valueText: text }) => (
        <>
          <div className="progress-head">
            <Label className="progress-label">{label}</Label>
            <span className="progress-value">{text}</span>
          </div>
          <div className="progress-track">
            <div className="progress-fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
