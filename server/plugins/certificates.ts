// `app.certificates`: issuance for routes (after an order completes, and lazily when a member's
// completed order still lacks its certificate), plus a catch-up job for orders completed by the
// section sweeper. The QR code needs an origin: PUBLIC_URL, else the origin of the member's own
// request. Without PUBLIC_URL the background job has no origin, so such orders get their
// certificate at the member's next request (the list, detail-full) instead.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { issueCertificate, issueMissing, type CertificateDeps, type CertificateRow } from '../services/certificates/certificates.ts';
import { registerBackgroundJob } from './background-job.ts';

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

export interface CertificatesPluginOptions { publicUrl: string | undefined; intervalMs: number }

export const certificatesPlugin = fp(async (app: FastifyInstance, opts: CertificatesPluginOptions) => {
  const deps: CertificateDeps = { db: app.db, store: app.blobs, clock: app.clock };
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
  if (!publicUrl) return;
  registerBackgroundJob(app, {
    intervalMs: opts.intervalMs,
    run: async () => { const orders = await issueMissing(deps, publicUrl); return orders > 0 ? { orders } : null; },
    doneMessage: 'certificates issued by catch-up',
    failedMessage: 'certificate catch-up failed',
  });
}, { name: 'epot-certificates', dependencies: ['epot-database', 'epot-clock', 'epot-blob-store'] });
