// Couriers sign their webhook calls: hex HMAC-SHA256 of the raw body with COURIER_WEBHOOK_SECRET.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of the raw body, optionally 'sha256='-prefixed, compared in constant time. */
export function courierSignatureValid(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().replace(/^sha256=/i, '') ?? '';
  if (!/^[0-9a-f]{64}$/i.test(value)) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(Buffer.from(value, 'hex'), expected);
}

export function signCourierBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
