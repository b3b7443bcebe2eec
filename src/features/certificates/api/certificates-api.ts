import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import {
  CERTIFICATE_PAGE_SIZE, type CertificateListResponse, type OpenBadgeResponse, type PublicCertificate, type ShippingTracking,
} from '../../../../contracts/certificates.ts';
import type { MediaRef } from '../../../../contracts/exam-delivery.ts';
import { JWKS_PATH, type Jwks } from '../../../../contracts/credential.ts';
import { api } from '../../../lib/api-client.ts';

export type CertificatePage = CertificateListResponse['data'];

/** Spec 7/9: 10 per page, sorted by end of test, newest first. */
export async function listCertificates(page: number): Promise<CertificatePage> {
  const params = { limit: CERTIFICATE_PAGE_SIZE, page, sort_by: 'end_test', sort_type: 'desc' };
  return (await api.get<CertificateListResponse>(apiPaths.order.listSertificate, { params })).data.data;
}

/** A fresh signed URL of the member's own file (spec: media detail -> data.public_url). */
export async function mediaPublicUrl(mediaId: string): Promise<string> {
  return (await api.get<{ data: MediaRef }>(fillPath(apiPaths.media.detail, { id: mediaId }))).data.data.public_url;
}

export async function getTracking(orderId: string): Promise<ShippingTracking> {
  return (await api.get<{ data: ShippingTracking }>(fillPath(apiPaths.order.shippingTracking, { id: orderId }))).data.data;
}

export async function verifyCertificate(number: string, fresh = false): Promise<PublicCertificate> {
  // `fresh`: revocation is asked of the server, never answered from the browser's HTTP cache.
  const headers = fresh ? { 'cache-control': 'no-cache' } : undefined;
  return (await api.get<{ data: PublicCertificate }>(fillPath(apiPaths.public.certificate, { number }), { headers })).data.data;
}

/** Issue 28: the issuer's public keys (the service worker keeps the last copy for offline checks). */
export async function getJwks(): Promise<Jwks> {
  const res = await fetch(JWKS_PATH, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`JWKS ${res.status}`);
  return await res.json() as Jwks;
}

/** Issue 28: the signed revocation list (a JWT, checked by the caller). */
export async function getStatusList(): Promise<string> {
  // Revocation now, never the HTTP cache's copy (an offline verifier must hear 'unknown').
  return (await api.get<string>(apiPaths.public.certificateStatusList, { responseType: 'text', timeout: 10_000, headers: { 'cache-control': 'no-cache' } })).data;
}

/** Issue 28: the order's certificate as an Open Badges 3.0 credential (JWT) and its file name. */
export async function getOpenBadge(orderId: string): Promise<OpenBadgeResponse['data']> {
  return (await api.get<OpenBadgeResponse>(fillPath(apiPaths.order.openBadge, { id: orderId }))).data.data;
}
