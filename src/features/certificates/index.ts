export { RewardPage } from './components/reward-page.tsx';
export { TrackingPage } from './components/tracking-page.tsx';
export { VerifyPage } from './components/verify-page.tsx';
export { ViewerPage } from './components/viewer-page.tsx';
