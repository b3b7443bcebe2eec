// Members for tests: createMember() inserts one (argon2id hash of a known password) and bearer()
// gives the Authorization header value of a fresh token for it.
import { randomBytes } from 'node:crypto';
import type { App } from '../../server/app.ts';
import type { AppDb } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { defaultCompanyId, type UserRow } from '../../server/services/accounts/members.ts';
import { hashPassword } from '../../server/services/accounts/passwords.ts';

export const TEST_PASSWORD = 'Ujian-Rahasia-2026';

export interface CreatedMember { user: UserRow; password: string }

/**
 * A member with a unique e-mail and a completed profile (so the SPA's routing rules let it
 * through); override any column, e.g. `{ is_updated_profile: false, residential_address: null }`
 * or `{ is_b2b: true, institution_id }`. `password` sets the plain password.
 */
export async function createMember(db: AppDb, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}): Promise<CreatedMember> {
  const { password = TEST_PASSWORD, ...columns } = overrides;
  const [user] = await db.insert(users).values({
    email: `member-${randomBytes(5).toString('hex')}@test.epot.local`,
    password_hash: await hashPassword(password),
    fullname: 'Peserta Uji',
    date_of_birth: '1995-04-12',
    place_of_birth: 'Bandung',
    phone_number: '081234567890',
    residential_address: 'Jl. Uji No. 1, Bandung',
    is_updated_profile: true,
    company_id: columns.company_id ?? await defaultCompanyId(db),
    ...columns,
  }).returning();
  return { user: user!, password };
}

/** `Bearer <token>` for the member, signed with the app's key and carrying its current token_version. */
export async function bearer(app: App, user: Pick<UserRow, 'id' | 'token_version'>): Promise<string> {
  return `Bearer ${await app.tokens.sign(user)}`;
}
