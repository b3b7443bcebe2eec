import { useEffect } from 'react';
import { staffMessages } from '../../i18n/staff-messages.ts';

/** Page title of a console screen: the screen's name and the console's suffix. */
export function useStaffTitle(title: string): void {
  useEffect(() => {
    document.title = `${title}${staffMessages.app.titleSuffix}`;
  }, [title]);
}
