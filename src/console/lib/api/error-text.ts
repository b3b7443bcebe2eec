import { ApiError } from '../../../lib/api-auth.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';

/** What an alert shows for a failed call: the server's message, or the network/generic text. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.isNetworkError ? staffMessages.app.networkError : err.message || staffMessages.app.genericError;
  return staffMessages.app.genericError;
}
