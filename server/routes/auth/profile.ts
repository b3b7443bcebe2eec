// The member's own record (spec 4 "Profile", 5 "Profile form", "Password change"); the rules are in
// services/accounts/profile.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  capitalizeWords, changePasswordRequestSchema, changePasswordResponseSchema, memberDetailResponseSchema,
  updateProfileRequestSchema, updateProfileResponseSchema, updateResidentialAddressRequestSchema,
  updateResidentialAddressResponseSchema,
} from '../../../contracts/auth.ts';
import { HttpError } from '../../http-error.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../services/accounts/common-passwords.ts';
import { findUserById, setPassword, toMemberDetail } from '../../services/accounts/members.ts';
import { hashPassword, verifyPassword } from '../../services/accounts/passwords.ts';
import { fillContact, submitProfile, type ProfileFields } from '../../services/accounts/profile.ts';
import { enforce, refund } from '../../services/platform/rate-limit.ts';
import { authLimits } from './guards.ts';
import { SERVER_MESSAGES } from '../../../contracts/facts/index.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(apiPaths.member.detail, {
    schema: { summary: 'The member detail', tags: ['accounts'], response: { 200: memberDetailResponseSchema } },
  }, async (req) => {
    const user = await findUserById(app.db, req.member.id);
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
    const wanted: ProfileFields = {
      fullname: capitalizeWords(b.fullname),
      date_of_birth: b.date_of_birth,
      place_of_birth: b.place_of_birth,
      phone_number: b.phone,
      residential_address: b.meta.residential_address,
    };
    const user = await submitProfile(app.db, req.member.id, wanted);
    return { status: 200 as const, message: SERVER_MESSAGES.profileSaved, data: toMemberDetail(user) };
  });

  app.put(apiPaths.member.updateResidentialAddress, {
    schema: {
      summary: 'Fill an empty phone number and/or residential address', tags: ['accounts'],
      body: updateResidentialAddressRequestSchema, response: { 200: updateResidentialAddressResponseSchema },
    },
  }, async (req) => {
    const user = await fillContact(app.db, req.member.id, {
      ...(req.body.phone !== undefined ? { phone_number: req.body.phone } : {}),
      ...(req.body.residential_address !== undefined ? { residential_address: req.body.residential_address } : {}),
    });
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
    const user = await findUserById(app.db, req.member.id);
    if (!(await verifyPassword(user?.password_hash ?? null, current_password))) throw HttpError.badRequest(SERVER_MESSAGES.wrongCurrentPassword);
    await refund(app.db, key);
    if (isCommonPassword(new_password)) throw HttpError.badRequest(COMMON_PASSWORD_MESSAGE);
    await setPassword(app.db, req.member.id, await hashPassword(new_password));
    return { status: 200 as const, message: SERVER_MESSAGES.passwordChanged, data: null };
  });
};
