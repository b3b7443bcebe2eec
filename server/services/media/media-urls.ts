// Signed, short-lived media URLs. <audio> and <img> cannot send a bearer token, so the server hands
// out `…/storage/v1/media/file/:id?exp=…&sig=…` where sig = HMAC-SHA256(key, "<id>.<exp>"). The key
// is derived from the JWT secret (JWT_SECRET or the one kept in app_meta), so every process on the
// same database accepts the others' URLs and a leaked media URL never helps forge a token.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { AppDb } from '../../db/client.ts';
import type { Clock } from '../platform/clock.ts';
import { loadJwtSecret } from '../accounts/tokens.ts';

export interface MediaUrlSigner {
  readonly ttlSeconds: number;
  /** The signed path (API base included) for a media id, valid from the clock's now. */
  url(mediaId: string): string;
  /** Signature and expiry check against the clock's now (constant time on the signature). */
  verify(mediaId: string, exp: number, sig: string): boolean;
}

export interface MediaUrlOptions {
  apiBase: string;
  ttlSeconds: number;
  clock: Clock;
  /** The file route (default the member's media file route; staff review photos have their own). */
  path?: string;
}

/** One key per purpose: a URL signed for one route never opens another. */
export function deriveMediaUrlKey(jwtSecret: Uint8Array, purpose = 'epot-media-url-v1'): Buffer {
  return createHmac('sha256', jwtSecret).update(purpose).digest();
}

export function createMediaUrlSigner(key: Uint8Array, opts: MediaUrlOptions): MediaUrlSigner {
  const { apiBase, ttlSeconds, clock, path = apiPaths.media.file } = opts;
  // Expiry rounded up to a step, so URLs handed out within one step are identical and the
  // browser's cache can reuse an audio file across reloads of the section.
  const step = Math.min(3600, ttlSeconds);
  const mac = (mediaId: string, exp: number) => createHmac('sha256', key).update(`${mediaId}.${exp}`).digest();
  return {
    ttlSeconds,
    url(mediaId) {
      const nowMs = clock.now().getTime();
      const exp = Math.ceil((Math.floor(nowMs / 1000) + ttlSeconds) / step) * step;
      const sig = mac(mediaId, exp).toString('base64url');
      return `${apiBase}${fillPath(path, { id: mediaId, media_id: mediaId })}?exp=${exp}&sig=${sig}`;
    },
    verify(mediaId, exp, sig) {
      const nowS = Math.floor(clock.now().getTime() / 1000);
      // Expired, or further out than this server would ever sign.
      if (!Number.isInteger(exp) || exp <= nowS || exp > nowS + ttlSeconds + step) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(mediaId, exp);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The signer for this database's secret (see loadJwtSecret). */
export async function loadMediaUrlSigner(db: AppDb, configuredJwtSecret: string | undefined, opts: MediaUrlOptions): Promise<MediaUrlSigner> {
  return createMediaUrlSigner(deriveMediaUrlKey(await loadJwtSecret(db, configuredJwtSecret)), opts);
}

/** Review photos are handed to staff for at most this long (issue 17: short-lived). */
export const STAFF_PHOTO_URL_TTL_SECONDS = 300;

/**
 * The signer of staff review photos (`/admin/v1/review-photos/:media_id`): its own key, so a
 * member's media URL never opens the staff route nor the reverse, and a short lifetime.
 */
export async function loadStaffPhotoSigner(db: AppDb, configuredJwtSecret: string | undefined, opts: Omit<MediaUrlOptions, 'path'>): Promise<MediaUrlSigner> {
  const key = deriveMediaUrlKey(await loadJwtSecret(db, configuredJwtSecret), 'epot-staff-review-photo-v1');
  return createMediaUrlSigner(key, { ...opts, ttlSeconds: Math.min(opts.ttlSeconds, STAFF_PHOTO_URL_TTL_SECONDS), path: apiPaths.admin.reviewPhotoFile });
}
