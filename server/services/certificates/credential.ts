// Signing the certificate's compact credential (issue 28); the codec and the verifier live in
// contracts/credential.ts, shared with every verifier (the /verify page, the CLI).
import { CompactSign, SignJWT } from 'jose';
import {
  CREDENTIAL_ALG, credentialPayload, encodeStatusList, STATUS_PURPOSE, type CredentialFacts, type StatusListCredential,
} from '../../../contracts/credential.ts';
import type { AppDb } from '../../db/client.ts';
import { signingKey } from './credential-keys.ts';

export { verifyCredential, type CredentialCheck, type CredentialFacts } from '../../../contracts/credential.ts';

/** Signs the facts with the active key: a compact JWS whose header names the issuer key (kid). */
export async function signCredential(db: AppDb, facts: CredentialFacts, now: Date, secret?: string): Promise<string> {
  const { kid, key } = await signingKey(db, now, secret);
  return new CompactSign(credentialPayload(facts)).setProtectedHeader({ alg: CREDENTIAL_ALG, kid }).sign(key);
}

/**
 * The revocation list (W3C Bitstring Status List v1.0) as a JWT signed with the active key: bit `i`
 * set means the certificate whose credential says `st: i` is revoked. `url` is where it is served.
 */
export async function signStatusList(db: AppDb, bits: { revoked: number[]; length: number }, url: string, issuer: string, now: Date, secret?: string): Promise<string> {
  const { kid, key } = await signingKey(db, now, secret);
  const credential: StatusListCredential = {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: url, type: ['VerifiableCredential', 'BitstringStatusListCredential'], issuer, validFrom: now.toISOString(),
    credentialSubject: { id: `${url}#list`, type: 'BitstringStatusList', statusPurpose: STATUS_PURPOSE, encodedList: await encodeStatusList(bits.revoked, bits.length) },
  };
  return new SignJWT({ ...credential }).setProtectedHeader({ alg: CREDENTIAL_ALG, kid, typ: 'vc+jwt' }).setIssuedAt(now).sign(key);
}
