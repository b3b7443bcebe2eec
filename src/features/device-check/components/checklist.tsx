import { messages } from '../../../i18n/messages.ts';
import type { ChecklistStep, StepStatus } from '../checklist-model.ts';
import { StatusIcon, type IconKind } from './status-icon.tsx';

const t = messages.deviceCheck;
const ICON: Record<StepStatus, IconKind> = {
  pending: 'pending', 'in-progress': 'pending', passed: 'success', failed: 'failed', skipped: 'success',
};

/**
 * The left checklist (spec screen 13). The current step carries aria-current="step"; the list is a
 * polite live region, so a step turning 'berhasil' or 'bermasalah' is announced.
 */
export function Checklist({ steps }: { steps: ChecklistStep[] }) {
  return (
    <nav className="dc-checklist" aria-label={t.checklist}>
      <ol aria-live="polite">
        {steps.map((step) => (
          <li key={step.device} aria-current={step.current ? 'step' : undefined} data-status={step.status}
            data-testid={`checklist-${step.device}`}>
            <StatusIcon kind={ICON[step.status]} />
            <span className="dc-step-label">
              {t.steps[step.device]}
              <span className="dc-step-status">{t.status[step.status]}</span>
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
