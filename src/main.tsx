import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import { App } from './app/app.tsx';
import { installErrorReporting } from './lib/error-reporting.ts';

installErrorReporting();

// Right-click is disabled (spec routing rules).
document.addEventListener('contextmenu', (e) => e.preventDefault());

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
