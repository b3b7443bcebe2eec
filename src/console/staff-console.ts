// The staff console's one entry, imported lazily by src/app/router.tsx for /admin/*.
export { StaffApp } from './app/staff-app.tsx';
