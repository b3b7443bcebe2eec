// The member's own record (spec 4 "Profile", 5 "Profile form", "Password change"). The profile is
// submitted once: afterwards only an empty phone number or residential address may still be filled.
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  capitalizeWords, changePasswordRequestSchema, changePasswordResponseSchema, memberDetailResponseSchema,
  updateProfileRequestSchema, updateProfileResponseSchema, updateResidentialAddressRequestSchema,
  updateResidentialAddressResponseSchema,
} from '../../../contracts/auth.ts';
import type { AppDb } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../services/accounts/common-passwords.ts';
import { toMemberDetail, type UserRow } from '../../services/accounts/members.ts';
import { hashPassword, verifyPassword } from '../../services/accounts/passwords.ts';
import { enforce, refund } from '../../services/platform/rate-limit.ts';
import { authLimits } from './guards.ts';
import { SERVER_MESSAGES } from '../../../contracts/facts/index.ts';

export const profileMessages = {
  locked: 'Data profil sudah tersimpan dan tidak dapat diubah lagi. Hanya nomor telepon atau alamat domisili yang masih kosong yang dapat diisi.',
  filledAlready: 'Nomor telepon dan alamat domisili yang sudah tersimpan tidak dapat diubah lagi.',
} as const;

type Editable = Pick<UserRow, 'fullname' | 'date_of_birth' | 'place_of_birth' | 'phone_number' | 'residential_address'>;
const FILLABLE = new Set<keyof Editable>(['phone_number', 'residential_address']);
const isEmpty = (v: string | null) => v === null || v.trim() === '';

/**
 * The fields to write: all of them while the profile is still open; afterwards only empty
 * fillable ones (an unchanged value is fine, any other change is a 400).
 */
function allowedChanges(user: UserRow, wanted: Partial<Editable>, locked: boolean, message: string): Partial<Editable> {
  if (!locked) return wanted;
  const changes: Partial<Editable> = {};
  for (const [k, v] of Object.entries(wanted) as [keyof Editable, string][]) {
    if (user[k] === v) continue;
    if (!FILLABLE.has(k) || !isEmpty(user[k])) throw HttpError.badRequest(message);
    changes[k] = v;
  }
  return changes;
}

/** Reads the row under a lock, applies `decide`'s changes, returns the row after. */
async function updateLocked(db: AppDb, id: string, decide: (u: UserRow) => Partial<UserRow>): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw HttpError.unauthorized();
    const changes = decide(user);
    if (Object.keys(changes).length === 0) return user;
    const [after] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
    return after!;
  });
}

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(apiPaths.member.detail, {
    schema: { summary: 'The member detail', tags: ['accounts'], response: { 200: memberDetailResponseSchema } },
  }, async (req) => {
    const [user] = await app.db.select().from(users).where(eq(users.id, req.member.id));
    if (!user) throw HttpError.unauthorized();
    return { status: 200 as const, message: 'OK', data: toMemberDetail(user) };
  });

  app.put(apiPaths.member.updateProfile, {
    schema: {
      summary: 'Submit the profile (once; afterwards only an empty phone or address may be filled)', tags: ['accounts'],
      body: updateProfileRequestSchema, response: { 200: updateProfileResponseSchema },
    },
  }, async (req) => {
    const b = req.body;
    const wanted: Editable = {
      fullname: capitalizeWords(b.fullname),
      date_of_birth: b.date_of_birth,
      place_of_birth: b.place_of_birth,
      phone_number: b.phone,
      residential_address: b.meta.residential_address,
    };
    const user = await updateLocked(app.db, req.member.id, (u) => ({
      ...allowedChanges(u, wanted, u.is_updated_profile, profileMessages.locked),
      ...(u.is_updated_profile ? {} : { is_updated_profile: true }),
    }));
    return { status: 200 as const, message: SERVER_MESSAGES.profileSaved, data: toMemberDetail(user) };
  });

  app.put(apiPaths.member.updateResidentialAddress, {
    schema: {
      summary: 'Fill an empty phone number and/or residential address', tags: ['accounts'],
      body: updateResidentialAddressRequestSchema, response: { 200: updateResidentialAddressResponseSchema },
    },
  }, async (req) => {
    const wanted: Partial<Editable> = {
      ...(req.body.phone !== undefined ? { phone_number: req.body.phone } : {}),
      ...(req.body.residential_address !== undefined ? { residential_address: req.body.residential_address } : {}),
    };
    const user = await updateLocked(app.db, req.member.id, (u) => allowedChanges(u, wanted, true, profileMessages.filledAlready));
    return { status: 200 as const, message: SERVER_MESSAGES.profileSaved, data: toMemberDetail(user) };
  });

  app.put(apiPaths.member.changePassword, {
    schema: {
      summary: 'Change the password (ends every session: log in again)', tags: ['accounts'],
      body: changePasswordRequestSchema, response: { 200: changePasswordResponseSchema },
    },
  }, async (req, reply) => {
    const { current_password, new_password } = req.body;
    const key = `change-password:${req.member.id}`;
    // Wrong current passwords use up the limit; a right one is given back.
    await enforce(app.db, reply, key, authLimits.changePassword.limit, authLimits.changePassword.windowMs, app.clock.now());
    const [user] = await app.db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, req.member.id));
    if (!(await verifyPassword(user?.password_hash ?? null, current_password))) throw HttpError.badRequest(SERVER_MESSAGES.wrongCurrentPassword);
    await refund(app.db, key);
    if (isCommonPassword(new_password)) throw HttpError.badRequest(COMMON_PASSWORD_MESSAGE);
    await app.db.update(users)
      .set({ password_hash: await hashPassword(new_password), token_version: sql`${users.token_version} + 1` })
      .where(eq(users.id, req.member.id));
    return { status: 200 as const, message: SERVER_MESSAGES.passwordChanged, data: null };
  });
};
