import { useEffect } from 'react';
import { messages } from '../i18n/messages.ts';

/** Page title = menu/screen title + fixed suffix (spec routing rules). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title}${messages.app.titleSuffix}`;
  }, [title]);
}
