// An institution's proctoring rules (institution admins: their own; operators: any; proctors: read)
// and whether its admins and proctors must use two-factor login.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  institutionSettingsRequestSchema, institutionSettingsResponseSchema, staffTotpRuleResponseSchema, staffTotpRuleSchema,
} from '../../../contracts/admin.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { institutionSettings, setStaffTotpRequired, updateInstitutionSettings } from '../../services/staff/institution-settings.ts';
import { assertInstitutionInScope, assertMayChangeInstitution } from '../../services/staff/scope.ts';

const params = z.object({ id: z.uuid() });

export const staffInstitutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff'];
  app.get(apiPaths.admin.institutionSettings, {
    preHandler: app.authenticateStaff,
    schema: { summary: "An institution's proctoring rules", tags, params, response: { 200: institutionSettingsResponseSchema } },
  }, async (req) => {
    assertInstitutionInScope(req.staff, req.params.id);
    const row = await institutionSettings(app.db, req.params.id);
    if (!row) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: 'OK', data: row };
  });

  app.put(apiPaths.admin.institutionSettings, {
    preHandler: app.authenticateStaff,
    schema: { summary: "Change an institution's proctoring rules and the cloud-speech flag (audited)", tags, params, body: institutionSettingsRequestSchema, response: { 200: institutionSettingsResponseSchema } },
  }, async (req) => {
    assertInstitutionInScope(req.staff, req.params.id);
    assertMayChangeInstitution(req.staff);
    const saved = await updateInstitutionSettings(app.db, req.params.id, req.body, actorOf(req), app.clock.now());
    if (!saved) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    const row = await institutionSettings(app.db, req.params.id);
    return { status: 200 as const, message: STAFF_MESSAGES.settingsSaved, data: row! };
  });

  app.put(apiPaths.admin.institutionStaffTotp, {
    preHandler: app.authenticateStaff,
    schema: { summary: "Require two-factor login for the institution's admins and proctors, or not (audited)", tags, params, body: staffTotpRuleSchema, response: { 200: staffTotpRuleResponseSchema } },
  }, async (req) => {
    assertInstitutionInScope(req.staff, req.params.id);
    assertMayChangeInstitution(req.staff);
    const saved = await setStaffTotpRequired(app.db, req.params.id, req.body.required, actorOf(req), app.clock.now());
    if (!saved) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: req.body.required ? STAFF_MESSAGES.staffTotpOn : STAFF_MESSAGES.staffTotpOff, data: saved };
  });
};
