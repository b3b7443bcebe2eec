// A stand-in for Google's key endpoint: a local RSA key, its JWKS served on 127.0.0.1, and a
// signer for ID tokens shaped like Google's (set GOOGLE_JWKS_URL to `url`).
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export interface FakeGoogle {
  url: string;
  /** An RS256 ID token; defaults: issuer https://accounts.google.com, 5-minute expiry. Override any claim. */
  idToken(claims: JWTPayload & { email?: string; email_verified?: boolean; name?: string }, opts?: { audience?: string; issuer?: string; expiresAt?: number }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(clientId: string): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'test-key-1';
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(jwks);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    idToken(claims, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(opts.issuer ?? 'https://accounts.google.com')
        .setAudience(opts.audience ?? clientId)
        .setSubject(String(claims.sub ?? '1234567890'))
        .setIssuedAt(now)
        .setExpirationTime(opts.expiresAt ?? now + 300)
        .sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
