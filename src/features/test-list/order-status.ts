import type { OrderStatus } from '../../../contracts/orders.ts';
import { messages } from '../../i18n/messages.ts';

/** The text that replaces 'Mulai test EPOT' once a purchase was tested; null while it can start. */
export function orderStatusLabel(status: OrderStatus): string | null {
  return status === 'not_started' ? null : messages.licence.status[status];
}

/**
 * N in 'English Proficiency Online Test N'. The list is newest first, so counting from the end keeps
 * each purchase's number when a new licence is redeemed (the oldest is 1).
 */
export function panelNumber(total: number, indexInList: number): number {
  return total - indexInList;
}
