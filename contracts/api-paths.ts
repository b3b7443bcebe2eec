// The one place for HTTP route paths. Paths are relative to the API base (default `/api`) and are
// the spec's public contract: never rename a documented one.
export const apiPaths = {
  health: '/health',
  time: '/time',
  clientErrors: '/client-errors',
  docsJson: '/docs/json',
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
  },
  order: {
    list: '/users/v1/member/order/list',
    create: '/users/v1/member/order/create/',
    updateSetting: (license: string) => `/users/v1/member/order/update/setting/${encodeURIComponent(license)}`,
    updateStartTest: (id: string) => `/users/v1/member/order/update-start-test/${encodeURIComponent(id)}`,
    updateViolation: (license: string) => `/users/v1/member/order/update/violation/${encodeURIComponent(license)}`,
    listSertificate: '/users/v1/member/order/list-sertificate',
    detailFull: (id: string) => `/users/v1/member/order/detail-full/${encodeURIComponent(id)}`,
    sectionDetail: (id: string, section: string) =>
      `/users/v1/member/order/detail/${encodeURIComponent(id)}/${encodeURIComponent(section)}`,
    updateSertificate: '/users/v1/member/order/update-sertificate',
    shippingTracking: (id: string) => `/users/v1/member/order/shipping/tracking/${encodeURIComponent(id)}`,
    answer: '/users/v1/member/order/answer/',
    answerDraft: '/users/v1/member/order/answer/draft',
  },
  company: { detail: (id: string) => `/company/v1/get/company/${encodeURIComponent(id)}` },
  institution: { detail: (id: string) => `/institusion/v1/get/institusion/detail/${encodeURIComponent(id)}` },
  media: {
    upload: '/storage/v1/media/user/upload',
    detail: (id: string) => `/storage/v1/media/user/detail/${encodeURIComponent(id)}`,
  },
  dev: { outbox: '/dev/outbox' },
} as const;

/** Default mount point of the API; the server reads API_BASE, the SPA reads VITE_API_BASE. */
export const DEFAULT_API_BASE = '/api';
