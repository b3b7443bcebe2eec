import type { ReactNode } from 'react';
import { messages } from '../../../i18n/messages.ts';

/** The centred card every guest screen uses, with the page's one h1. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="page-center">
      <section className="card" aria-labelledby="auth-title">
        <p className="brand">{messages.app.name}</p>
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
