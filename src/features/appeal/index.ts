// The candidate's appeal (issue 17), loaded lazily by src/app/router.tsx for /epot/:id/appeal.
export { AppealPage } from './components/appeal-page.tsx';
