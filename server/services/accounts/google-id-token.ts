// Google sign-in: the SPA gets an ID token from Google Identity Services and sends it as
// `access_token`; it is verified here against Google's published keys (JWKS, fetched and cached by
// jose), issuer, audience (our client id), expiry and a verified e-mail.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const keySets = new Map<string, JWTVerifyGetKey>();

export interface GoogleIdentity { email: string; name: string }

/** The verified identity, or null for any invalid token (signature, issuer, audience, expiry, unverified e-mail). */
export async function verifyGoogleIdToken(token: string, clientId: string, jwksUrl: string, now: Date): Promise<GoogleIdentity | null> {
  let jwks = keySets.get(jwksUrl);
  if (!jwks) keySets.set(jwksUrl, jwks = createRemoteJWKSet(new URL(jwksUrl)));
  try {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: ISSUERS, audience: clientId, algorithms: ['RS256'], requiredClaims: ['exp', 'email'], currentDate: now,
    });
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!verified || typeof payload.email !== 'string') return null;
    return { email: payload.email.toLowerCase(), name: typeof payload.name === 'string' ? payload.name : '' };
  } catch {
    return null;
  }
}
