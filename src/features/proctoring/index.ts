// Proctoring for the router's lazy routes: composed around the section screens and the end page,
// so the exam feature never imports this one (they meet in src/lib/proctoring-seams.ts).
export { ProctoredSection } from './components/proctored-section.tsx';
export { ProctoringReset } from './components/proctoring-reset.tsx';
