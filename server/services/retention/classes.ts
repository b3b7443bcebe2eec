// Retention per data class (issue 19; UU PDP art. 42-44: processing ends and the data goes once its
// retention period is over). Each class names its variable, its default in days (0 = kept) and
// what the sweep does; the reasons are in docs/privacy.md. server/config.ts reads the variables,
// services/retention/sweep.ts applies them, `npm run admin -- retention show` prints them.

export const RETENTION_CLASSES = [
  'photos', 'violation_details', 'answers', 'proctoring_events', 'device_reports', 'mail_outbox', 'security_logs',
  'privacy_receipts', 'audit',
] as const;
export type RetentionClass = (typeof RETENTION_CLASSES)[number];

/** Days per class; 0 keeps that class. */
export type RetentionPolicy = Record<RetentionClass, number>;

export interface RetentionClassInfo {
  env: string;
  defaultDays: number;
  /** The shortest period allowed when it is not 0 (evidence that must outlive a quick mistake). */
  minDays: number;
  /** What the sweep does to a row older than the period (for `retention show`). */
  action: string;
}

export const RETENTION_INFO: Record<RetentionClass, RetentionClassInfo> = {
  photos: { env: 'PHOTO_RETENTION_DAYS', defaultDays: 180, minDays: 1, action: 'proctoring photos: file and row deleted (their ids stay in the test records)' },
  violation_details: { env: 'VIOLATION_DETAIL_RETENTION_DAYS', defaultDays: 365, minDays: 1, action: 'violations: speech transcript and photo reference cleared (kind, section and time stay: the counts)' },
  answers: { env: 'ANSWER_RETENTION_DAYS', defaultDays: 365, minDays: 1, action: 'answers and drafts of closed sections cleared (scores stay)' },
  proctoring_events: { env: 'PROCTORING_EVENT_RETENTION_DAYS', defaultDays: 365, minDays: 1, action: 'monitoring events, heartbeats and test-day live events deleted' },
  device_reports: { env: 'DEVICE_REPORT_RETENTION_DAYS', defaultDays: 365, minDays: 1, action: "device-check reports ('continue anyway') deleted" },
  mail_outbox: { env: 'MAIL_OUTBOX_RETENTION_DAYS', defaultDays: 30, minDays: 1, action: 'mails kept in mail_outbox (no SMTP) deleted' },
  security_logs: { env: 'SECURITY_LOG_RETENTION_DAYS', defaultDays: 90, minDays: 1, action: 'wrong licence codes (user, IP), spent password-set codes and expired rate-limit counters deleted' },
  privacy_receipts: { env: 'PRIVACY_RECEIPT_RETENTION_DAYS', defaultDays: 90, minDays: 1, action: "deletion receipts: the old e-mail address cleared (the request and its receipt stay)" },
  audit: { env: 'AUDIT_RETENTION_DAYS', defaultDays: 0, minDays: 365, action: 'staff audit log entries deleted' },
};

export const DEFAULT_RETENTION: RetentionPolicy = Object.fromEntries(
  RETENTION_CLASSES.map((c) => [c, RETENTION_INFO[c].defaultDays]),
) as RetentionPolicy;
