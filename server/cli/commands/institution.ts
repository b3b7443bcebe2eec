// `npm run admin -- institution …`: create, list and configure institutions, through the same
// service (and audit log) as the console's /api/admin/v1/institutions routes.
import { asc, eq } from 'drizzle-orm';
import { companies, institutions, type InstitutionSettings } from '../../db/schema/index.ts';
import { changeInstitution, createInstitution, DEFAULT_INSTITUTION_SETTINGS as DEFAULTS, listInstitutions } from '../../services/operator/institutions.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { parseFlags, UsageError, type AdminCommand, type AdminContext } from '../admin-command.ts';
import { parseFlagList, parseSettingsJson } from './organisation-settings.ts';

async function defaultCompanyId(ctx: AdminContext, given?: string): Promise<string> {
  if (given) return given;
  const rows = await ctx.database.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.created_at)).limit(2);
  if (rows.length !== 1) throw new UsageError('--company is required when there is not exactly one company');
  return rows[0]!.id;
}

function onOff(v: string, option: string): boolean {
  if (v === 'on' || v === 'true') return true;
  if (v === 'off' || v === 'false') return false;
  throw new UsageError(`${option} takes on or off`);
}

export const institutionCommand: AdminCommand = {
  name: 'institution',
  summary: 'create, list and configure institutions and their proctoring rules',
  usage: [
    'institution create --name NAME [--company ID] [--camera on|off] [--identification face,voice,new_tab|none] [--failed new_tab,face|none]',
    'institution list',
    'institution set ID [--name NAME] [--camera on|off] [--identification LIST] [--failed LIST] [--settings-json JSON]',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    const db = ctx.database.db;
    if (sub === 'list') {
      const rows = await listInstitutions(db);
      for (const r of rows) {
        ctx.out(`${r.id}  ${r.name}  camera=${r.active_camera ? 'on' : 'off'}  identification=${JSON.stringify(r.settings.identification)}  failed=${JSON.stringify(r.settings.failed)}`);
      }
      if (rows.length === 0) ctx.out('(no institutions)');
      return;
    }
    const { values, positional } = parseFlags(rest, { values: ['name', 'company', 'camera', 'identification', 'failed', 'settings-json'] });
    if (sub === 'create') {
      if (!values.name?.trim()) throw new UsageError('--name is required');
      const settings: InstitutionSettings = {
        identification: values.identification ? parseFlagList(values.identification, '--identification') : DEFAULTS.identification,
        failed: values.failed ? parseFlagList(values.failed, '--failed') : DEFAULTS.failed,
      };
      const row = await createInstitution(db, {
        company_id: await defaultCompanyId(ctx, values.company), name: values.name,
        active_camera: values.camera ? onOff(values.camera, '--camera') : true, setting: settings,
      }, SHELL_ACTOR, ctx.clock.now());
      ctx.out(`created institution ${row.id} (${row.name})`);
      return;
    }
    if (sub === 'set') {
      const id = positional[0];
      if (!id) throw new UsageError('institution id is required');
      const [current] = await db.select().from(institutions).where(eq(institutions.id, id));
      if (!current) throw new Error(`no institution ${id}`);
      let settings = current.settings;
      if (values['settings-json']) settings = parseSettingsJson(values['settings-json'], settings);
      if (values.identification) settings = { ...settings, identification: parseFlagList(values.identification, '--identification') };
      if (values.failed) settings = { ...settings, failed: parseFlagList(values.failed, '--failed') };
      const row = await changeInstitution(db, id, {
        setting: settings,
        ...(values.name ? { name: values.name } : {}),
        ...(values.camera ? { active_camera: onOff(values.camera, '--camera') } : {}),
      }, SHELL_ACTOR, ctx.clock.now());
      ctx.out(`updated ${row!.id}: camera=${row!.active_camera ? 'on' : 'off'} identification=${JSON.stringify(row!.settings.identification)} failed=${JSON.stringify(row!.settings.failed)}`);
      return;
    }
    throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
  },
};
