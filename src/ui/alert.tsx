import type { ReactNode } from 'react';

/** Inline alert; errors use role=alert so screen readers announce them at once. */
export function Alert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
