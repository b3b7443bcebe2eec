// What the device check needs before it starts: the order's licence (for update/setting) and which
// checks are required (from the institution). The test list stores both, but the check may also be
// opened directly (a reload, a bookmarked link): then they are read from the server.
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { messages } from '../../i18n/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { apiErrorText } from '../../lib/session-api.ts';
import { institutionAtom, userAtom } from '../../lib/session.ts';
import { getInstitution, getOrder } from './api/device-check-api.ts';
import { requirementsFor, type Requirements, type StoredInstitution } from './requirements.ts';

export type OrderContext =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; licence: string; req: Requirements };

export function useOrderContext(orderId: string): OrderContext {
  const user = useAtomValue(userAtom);
  const store = useStore();
  const [ctx, setCtx] = useState<OrderContext>({ status: 'loading' });
  const institutionId = user?.institusion.id ?? '';

  useEffect(() => {
    let live = true;
    (async () => {
      const { license: licence, order } = await getOrder(orderId);
      if (order.status === 'completed') throw new Error(messages.exam.testDone);
      if (order.status === 'disqualified') throw new Error(messages.exam.testDisqualified);
      let institution: StoredInstitution = {};
      if (order.is_b2b && institutionId) {
        // The list stored it when 'Mulai test EPOT' was pressed; otherwise fetch it now.
        const stored = store.get(institutionAtom);
        institution = 'id' in stored && stored.id === institutionId ? stored : await getInstitution(institutionId);
      }
      if (!live) return;
      store.set(institutionAtom, institution);
      setCtx({ status: 'ready', licence, req: requirementsFor(institution) });
    })().catch((err: unknown) => {
      const message = err instanceof Error && !(err instanceof ApiError) ? err.message : apiErrorText(err);
      if (live) setCtx({ status: 'error', message });
    });
    return () => { live = false; };
  }, [orderId, institutionId, store]);

  return ctx;
}
