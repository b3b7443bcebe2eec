// The test screens, loaded as one lazy chunk (they share the section machinery).
export { ListeningPage } from './components/listening-page.tsx';
export { ReadingPage, StructurePage } from './components/paged-section-page.tsx';
export { EndPage } from './components/end-page.tsx';
export { BreakPage } from './components/section-break.tsx';
