// The guest screens loaded lazily by the router (one chunk; login itself is eager).
export { EmailVerifiedPage } from './components/email-verified-page.tsx';
export { ForgotPasswordPage } from './components/forgot-password-page.tsx';
export { OtpSentPage } from './components/otp-sent-page.tsx';
export { PasswordResetPage } from './components/password-reset-page.tsx';
export { RegistrationPage } from './components/registration-page.tsx';
export { ResetSuccessPage } from './components/reset-success-page.tsx';
export { SsoPage } from './components/sso-page.tsx';
