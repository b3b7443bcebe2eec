// Signing the certificate's compact credential (issue 28); the codec and the verifier live in
// contracts/credential.ts, shared with every verifier (the /verify page, the CLI).
import { CompactSign } from 'jose';
import { CREDENTIAL_ALG, credentialPayload, type CredentialFacts } from '../../../contracts/credential.ts';
import type { AppDb } from '../../db/client.ts';
import { signingKey } from './credential-keys.ts';

export { verifyCredential, type CredentialCheck, type CredentialFacts } from '../../../contracts/credential.ts';

/** Signs the facts with the active key: a compact JWS whose header names the issuer key (kid). */
export async function signCredential(db: AppDb, facts: CredentialFacts, now: Date, secret?: string): Promise<string> {
  const { kid, key } = await signingKey(db, now, secret);
  return new CompactSign(credentialPayload(facts)).setProtectedHeader({ alg: CREDENTIAL_ALG, kid }).sign(key);
}
