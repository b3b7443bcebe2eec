// The one place for HTTP route paths. Paths are relative to the API base (default `/api`) and are
// the spec's public contract: never rename a documented one. Parameters are `:name` segments: the
// server registers the template as it is, the SPA fills it with `fillPath`.
export const apiPaths = {
  health: '/health',
  time: '/time',
  clientErrors: '/client-errors',
  docsJson: '/docs/json',
  publicConfig: '/public-config',
  member: {
    login: '/users/v1/member/login',
    autoLoginRegister: '/users/v1/member/auto_login_register',
    register: '/users/v1/member/register/',
    forgotPassword: '/users/v1/member/forgot-password',
    verifyForgotPassword: '/users/v1/member/verify-forgot-password/',
    changeForgotPassword: '/users/v1/member/change-forgot-password/',
    detail: '/users/v1/member/detail/',
    updateProfile: '/users/v1/member/update-profile/',
    updateResidentialAddress: '/users/v1/member/update-residential-address/',
    changePassword: '/users/v1/member/change-password/',
    logout: '/users/v1/member/logout',
    /** Issue 19: the member's data as a zip (UU PDP access and portability). */
    privacyExport: '/users/v1/member/privacy/export',
    /** Issue 19: anonymise the account now (UU PDP erasure), confirmed by mail with a signed receipt. */
    privacyDeletion: '/users/v1/member/privacy/deletion',
    /** Issue 19: the consent ledger (GET) and withdrawing a consent (POST). */
    consents: '/users/v1/member/privacy/consents',
    consentWithdraw: '/users/v1/member/privacy/consents/withdraw',
  },
  order: {
    list: '/users/v1/member/order/list',
    create: '/users/v1/member/order/create/',
    updateSetting: '/users/v1/member/order/update/setting/:license',
    updateStartTest: '/users/v1/member/order/update-start-test/:id',
    updateViolation: '/users/v1/member/order/update/violation/:license',
    // Not in the spec: the order's violation counters and rules (a reload restores them), and the
    // monitoring events (camera ended, detector unavailable, …).
    violations: '/users/v1/member/order/violations/:id',
    proctoringEvent: '/users/v1/member/order/proctoring-event/:id',
    /** Issue 27: the proctoring run's monitoring heartbeat (batched), stamped with the server's time. */
    proctoringHeartbeat: '/users/v1/member/order/proctoring-heartbeat/:id',
    /** Issue 30: the member's test-day session (when they are in one): its window and whether they may start now. */
    sessionNotice: '/users/v1/member/order/session-notice',
    listSertificate: '/users/v1/member/order/list-sertificate',
    /** Issue 28: the order's certificate as an Open Badges 3.0 credential (a JWT), for wallets and portals. */
    openBadge: '/users/v1/member/order/open-badge/:id',
    detailFull: '/users/v1/member/order/detail-full/:id',
    sectionDetail: '/users/v1/member/order/detail/:id/:section',
    updateSertificate: '/users/v1/member/order/update-sertificate',
    shippingTracking: '/users/v1/member/order/shipping/tracking/:id',
    answer: '/users/v1/member/order/answer/',
    answerDraft: '/users/v1/member/order/answer/draft',
    consent: '/users/v1/member/order/consent/:id',
    deviceReport: '/users/v1/member/order/device-report/:id',
    // Issue 17 (not in the spec): the member's reviewable attempts, and one attempt's evidence and appeal.
    appeals: '/users/v1/member/order/appeals',
    appeal: '/users/v1/member/order/appeal/:id',
    /** Issue 18: a granted break between sections (GET its state, POST to take it). */
    breaks: '/users/v1/member/order/break/:id',
  },
  company: { detail: '/company/v1/get/company/:id' },
  institution: { detail: '/institusion/v1/get/institusion/detail/:id' },
  media: {
    upload: '/storage/v1/media/user/upload',
    detail: '/storage/v1/media/user/detail/:id',
    // Signed, short-lived URL for <audio>/<img> (no bearer token): ?exp=…&sig=…
    file: '/storage/v1/media/file/:id',
  },
  exam: {
    detail: '/exam/v1/detail/:id',
    list: '/exam/v1/list',
  },
  bank: {
    list: '/bank/v1/question',
    detail: '/bank/v1/question/detail/:id',
    public: '/bank/v1/question/public/:id',
    publicMultiple: '/bank/v1/question/public_multiple',
  },
  // Certificates: public verification (no login) and the couriers' signed webhook.
  public: {
    certificate: '/public/v1/certificate/:number',
    // Issue 28: the signed revocation list (W3C Bitstring Status List, contracts/credential.ts).
    certificateStatusList: '/public/v1/certificate-status-list',
    // An image the operator uploaded for the announcement (public: the test list shows it).
    announcementImage: '/public/v1/announcement-image/:id',
    // An image the operator uploaded for the maintenance screen (public, as the announcement's).
    maintenanceImage: '/public/v1/maintenance-image/:id',
  },
  webhooks: { courier: '/webhooks/v1/courier' },
  /** The staff console's API (not in the spec): every route but login needs a staff token. */
  admin: {
    login: '/admin/v1/login',
    me: '/admin/v1/me',
    logoutEverywhere: '/admin/v1/logout-everywhere',
    totpEnrol: '/admin/v1/totp/enrol',
    totpConfirm: '/admin/v1/totp/confirm',
    audit: '/admin/v1/audit',
    institutionSettings: '/admin/v1/institutions/:id/settings',
    institutionStaffTotp: '/admin/v1/institutions/:id/staff-totp',
    members: '/admin/v1/members',
    member: '/admin/v1/members/:id',
    memberImport: '/admin/v1/members/import',
    memberTemplate: '/admin/v1/members/template.csv',
    memberDeactivate: '/admin/v1/members/:id/deactivate',
    memberReactivate: '/admin/v1/members/:id/reactivate',
    memberInvite: '/admin/v1/members/:id/invite',
    /** Issue 18: the member's orders with their extra time and breaks; PUT one order's before its test starts. */
    memberAccommodations: '/admin/v1/members/:id/accommodations',
    memberAccommodation: '/admin/v1/members/:id/accommodations/:order_id',
    // Issue 30: test-day sessions.
    sessions: '/admin/v1/sessions',
    session: '/admin/v1/sessions/:id',
    sessionEnd: '/admin/v1/sessions/:id/end',
    /** The live view: Server-Sent Events (a snapshot, then each event; Last-Event-ID resumes). */
    sessionLive: '/admin/v1/sessions/:id/live',
    sessionExtraTime: '/admin/v1/sessions/:id/members/:user_id/extra-time',
    sessionReentry: '/admin/v1/sessions/:id/members/:user_id/reentry',
    sessionMessages: '/admin/v1/sessions/:id/messages',
    products: '/admin/v1/products',
    licenceBatches: '/admin/v1/licence-batches',
    licenceBatch: '/admin/v1/licence-batches/:id',
    licenceBatchRevoke: '/admin/v1/licence-batches/:id/revoke',
    results: '/admin/v1/results',
    resultsCsv: '/admin/v1/results.csv',
    resultsXlsx: '/admin/v1/results.xlsx',
    /** Issue 31: the institution dashboard aggregates (contracts/admin-insights.ts). */
    insights: '/admin/v1/insights',
    /** Issue 19: the members' data exports and deletions (contracts/admin-privacy.ts). */
    privacyRequests: '/admin/v1/privacy-requests',
    privacyRequest: '/admin/v1/privacy-requests/:id',
    privacyReceiptResend: '/admin/v1/privacy-requests/:id/resend-receipt',
    memberPrivacyDeletion: '/admin/v1/members/:id/privacy-deletion',
    // Proctor review (issue 17, contracts/admin-review.ts).
    reviews: '/admin/v1/reviews',
    attempt: '/admin/v1/attempts/:order_id',
    attemptPhoto: '/admin/v1/attempts/:order_id/photos/:media_id',
    attemptAppeal: '/admin/v1/attempts/:order_id/appeal',
    attemptDecisions: '/admin/v1/attempts/:order_id/decisions',
    /** The signed photo file (no token: `<img>` loads it; the URL comes from the two routes above). */
    reviewPhotoFile: '/admin/v1/review-photos/:media_id',
    reviewSettings: '/admin/v1/institutions/:id/review-settings',
    reviewAgreement: '/admin/v1/institutions/:id/review-agreement',
    ruleSimulation: '/admin/v1/institutions/:id/rule-simulation',
    /** Staff accounts (contracts/admin-staff.ts): operators any, institution admins their proctors. */
    staff: '/admin/v1/staff',
    staffPasswordLink: '/admin/v1/staff/:id/password-link',
    /** No token: the one-time code from the mailed (or CLI-printed) link. */
    passwordSet: '/admin/v1/password-set',
    passwordSetInfo: '/admin/v1/password-set/:code',
  },
  /** The operator's part of the staff console (operator role only; contracts/admin-operator.ts). */
  adminOperator: {
    companies: '/admin/v1/companies',
    company: '/admin/v1/companies/:id',
    companyMaintenance: '/admin/v1/companies/:id/maintenance',
    companyAnnouncement: '/admin/v1/companies/:id/announcement',
    companyAnnouncementImages: '/admin/v1/companies/:id/announcement/images',
    companyMaintenanceImages: '/admin/v1/companies/:id/maintenance/images',
    institutions: '/admin/v1/institutions',
    institution: '/admin/v1/institutions/:id',
    exams: '/admin/v1/exams',
    examImport: '/admin/v1/exams/import',
    examStatus: '/admin/v1/exams/:id/status',
    /** Issue 31: item analysis of an exam version (contracts/admin-insights.ts). */
    examItemAnalysis: '/admin/v1/exams/:id/item-analysis',
    examItemAnalysisCsv: '/admin/v1/exams/:id/item-analysis.csv',
    certificates: '/admin/v1/certificates',
    certificateRevoke: '/admin/v1/certificates/:number/revoke',
    certificateReissue: '/admin/v1/certificates/reissue',
    shipment: '/admin/v1/shipments/:order_no',
  },
  dev: { outbox: '/dev/outbox' },
} as const;

/** Default mount point of the API; the server reads API_BASE, the SPA reads VITE_API_BASE. */
export const DEFAULT_API_BASE = '/api';

/** Fills `:name` segments, encoding each value; a missing value is an error, not an empty segment. */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === '') throw new Error(`fillPath: missing :${name} for ${template}`);
    return encodeURIComponent(String(v));
  });
}
