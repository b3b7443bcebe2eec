// The one place for SPA route paths (spec route table).
export const paths = {
  login: '/',
  registration: '/registration',
  passwordSendEmail: '/password-send-email',
  successSendEmail: '/success-send-email',
  successVerifyEmail: (code: string) => `/success-verify-email/${encodeURIComponent(code)}`,
  passwordReset: (code: string) => `/password-reset/${encodeURIComponent(code)}`,
  successResetPassword: '/success-reset-password',
  sso: '/sso',
  epot: '/epot',
  preparation: '/epot/preparation',
  specification: '/epot/specification',
  /** Preparation and specification carry the order id in the query (spec route table: param id). */
  preparationFor: (id: string) => `/epot/preparation?id=${encodeURIComponent(id)}`,
  specificationFor: (id: string) => `/epot/specification?id=${encodeURIComponent(id)}`,
  deviceCheck: (id: string) => `/epot/${encodeURIComponent(id)}/device-check`,
  headsetCheck: (id: string) => `/epot/${encodeURIComponent(id)}/headset-check`,
  webcamCheck: (id: string) => `/epot/${encodeURIComponent(id)}/webcam-check`,
  section: (id: string, section: 'listening' | 'structure' | 'reading') =>
    `/epot/${encodeURIComponent(id)}/${section}`,
  /** Issue 18: a granted break between sections (no proctoring, no clock). */
  breakFor: (id: string) => `/epot/${encodeURIComponent(id)}/break`,
  end: '/epot/end',
  /** Issue 17: the candidate's evidence and appeal for one attempt (order or licence id). */
  appeal: (id: string) => `/epot/${encodeURIComponent(id)}/appeal`,
  reward: '/reward',
  tracking: (id: string) => `/certificate/${encodeURIComponent(id)}/tracking`,
  viewer: '/viewer',
  /** Public certificate verification (no login); the certificate's QR code opens it. */
  verify: (number: string) => `/verify/${encodeURIComponent(number)}`,
  account: '/account',
  guide: '/guide',
  diagnostics: '/diagnostics',
} as const;

/** Route patterns for the router (`:name` segments), next to the builders above. */
export const routePatterns = {
  successVerifyEmail: '/success-verify-email/:code',
  passwordReset: '/password-reset/:code',
  tracking: '/certificate/:id/tracking',
  verify: '/verify/:number',
  listening: '/epot/:id/listening',
  structure: '/epot/:id/structure',
  reading: '/epot/:id/reading',
  breakTime: '/epot/:id/break',
  deviceCheck: '/epot/:id/device-check',
  headsetCheck: '/epot/:id/headset-check',
  webcamCheck: '/epot/:id/webcam-check',
  appeal: '/epot/:id/appeal',
  epotSubpages: '/epot/*',
} as const;
