// The member's own record (spec 4 "Profile", 5 "Profile form"). The profile is submitted once:
// afterwards only an empty phone number or residential address may still be filled. Every change
// reads the row under a lock, so two tabs saving at once cannot both pass the "still empty" check.
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { UserRow } from './members.ts';

export const PROFILE_MESSAGES = {
  locked: 'Data profil sudah tersimpan dan tidak dapat diubah lagi. Hanya nomor telepon atau alamat domisili yang masih kosong yang dapat diisi.',
  filledAlready: 'Nomor telepon dan alamat domisili yang sudah tersimpan tidak dapat diubah lagi.',
} as const;

export type ProfileFields = Pick<UserRow, 'fullname' | 'date_of_birth' | 'place_of_birth' | 'phone_number' | 'residential_address'>;
const FILLABLE = new Set<keyof ProfileFields>(['phone_number', 'residential_address']);
const isEmpty = (v: string | null) => v === null || v.trim() === '';

/**
 * The fields to write: all of them while the profile is still open; afterwards only empty
 * fillable ones (an unchanged value is fine, any other change is a 400).
 */
function allowedChanges(user: UserRow, wanted: Partial<ProfileFields>, locked: boolean, message: string): Partial<ProfileFields> {
  if (!locked) return wanted;
  const changes: Partial<ProfileFields> = {};
  for (const [k, v] of Object.entries(wanted) as [keyof ProfileFields, string][]) {
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

/** The profile form: every field the first time (which marks the profile updated), later only empty fillable ones. */
export function submitProfile(db: AppDb, userId: string, wanted: ProfileFields): Promise<UserRow> {
  return updateLocked(db, userId, (u) => ({
    ...allowedChanges(u, wanted, u.is_updated_profile, PROFILE_MESSAGES.locked),
    ...(u.is_updated_profile ? {} : { is_updated_profile: true }),
  }));
}

/** Fills an empty phone number and/or residential address (the profile counts as submitted). */
export function fillContact(db: AppDb, userId: string, wanted: Partial<Pick<ProfileFields, 'phone_number' | 'residential_address'>>): Promise<UserRow> {
  return updateLocked(db, userId, (u) => allowedChanges(u, wanted, true, PROFILE_MESSAGES.filledAlready));
}
