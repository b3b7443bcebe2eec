// The camera check's loading / failed / success images (spec screen 13), drawn inline so they need
// no request and scale with the text. Decorative: the message next to each one says the same.
export type IconKind = 'loading' | 'failed' | 'success' | 'pending';

export function StatusIcon({ kind, size = 24 }: { kind: IconKind; size?: number }) {
  return (
    <svg className={`status-icon status-icon-${kind}`} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {kind === 'loading' && (
        <>
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
          <path d="M12 3a9 9 0 0 1 9 9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </>
      )}
      {kind === 'failed' && (
        <>
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path d="M8 8l8 8M16 8l-8 8" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
        </>
      )}
      {kind === 'success' && (
        <>
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </>
      )}
      {kind === 'pending' && <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2.5" />}
    </svg>
  );
}
