// The device-check screens for the router's lazy routes.
export { DeviceCheckPage, HeadsetCheckPage, WebcamCheckPage } from './components/device-check-page.tsx';
