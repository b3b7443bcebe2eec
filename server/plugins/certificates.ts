// `app.certificates`: issuance for routes (after an order completes, and lazily when a member's
// completed order still lacks its certificate), plus a catch-up job for orders completed by the
// section sweeper. The QR code needs an origin: PUBLIC_URL, else the origin of the member's own
// request. Without PUBLIC_URL the background job has no origin, so such orders get their
// certificate at the member's next request (the list, detail-full) instead.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { issueCertificate, issueMissing, type CertificateDeps, type CertificateRow } from '../services/certificates.ts';
import { createMediaStore } from '../services/media-store.ts';

export interface CertificateService {
  /** PUBLIC_URL, else the request's origin. */
  verifyBase(req: FastifyRequest): string;
  /** Right after an order completed: issues (idempotent); a failure is logged, never thrown (the catch-up retries). */
  afterCompletion(orderId: string, req: FastifyRequest): Promise<CertificateRow | null>;
  /** The member's completed orders that still lack a certificate or shipment get them now. */
  ensureForMember(userId: string, req: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    certificates: CertificateService;
  }
}

export interface CertificatesPluginOptions { dataDir: string; publicUrl: string | undefined; intervalMs: number }

export const certificatesPlugin = fp(async (app: FastifyInstance, opts: CertificatesPluginOptions) => {
  const deps: CertificateDeps = { db: app.db, store: createMediaStore(opts.dataDir) };
  const verifyBase = (req: FastifyRequest) => opts.publicUrl ?? `${req.protocol}://${req.host}`;

  app.decorate('certificates', {
    verifyBase,
    async afterCompletion(orderId, req) {
      try {
        return await issueCertificate(deps, orderId, verifyBase(req));
      } catch (err) {
        req.log.error({ err, order: orderId }, 'certificate issue failed');
        return null;
      }
    },
    async ensureForMember(userId, req) {
      try {
        await issueMissing(deps, verifyBase(req), { userId });
      } catch (err) {
        req.log.error({ err, member: userId }, 'certificate catch-up failed');
      }
    },
  } satisfies CertificateService);

  const publicUrl = opts.publicUrl;
  if (opts.intervalMs <= 0 || !publicUrl) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = issueMissing(deps, publicUrl)
      .then((n) => { if (n > 0) app.log.info({ orders: n }, 'certificates issued by catch-up'); })
      .catch((err: unknown) => { app.log.error({ err }, 'certificate catch-up failed'); })
      .finally(() => { running = undefined; });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, opts.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}, { name: 'epot-certificates', dependencies: ['epot-database'] });
