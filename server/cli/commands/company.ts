// `npm run admin -- company …`: the announcement images and the maintenance flag, through the same
// service (and audit log) as the console's /api/admin/v1/companies routes.
import { SITE_RELATIVE_URL } from '../../../contracts/admin-operator.ts';
import { changeCompany, findCompanyOrOldest } from '../../services/operator/companies.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

export const companyCommand: AdminCommand = {
  name: 'company',
  summary: 'set the announcement images and the maintenance flag shown on the test list',
  usage: [
    'company announcement --images /PATH[,/PATH…] [--company ID]',
    'company announcement --off [--company ID]',
    'company maintenance on|off [--company ID]',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    const { values, switches, positional } = parseFlags(rest, { values: ['images', 'company'], switches: ['off'] });
    const db = ctx.database.db;
    const company = await findCompanyOrOldest(db, values.company);
    if (!company) throw new Error(values.company ? `no company ${values.company}` : 'no company exists yet');
    if (sub === 'announcement') {
      if (switches.has('off') === Boolean(values.images)) throw new UsageError('give either --images or --off');
      const images = values.images ? values.images.split(',').map((s) => s.trim()).filter(Boolean) : company.settings.announcement.images;
      // Site-relative only: the page is cross-origin isolated (COEP) with img-src 'self', so an image
      // from another host would not load. Put the files in public/, or upload them in the console.
      for (const url of images) {
        if (!SITE_RELATIVE_URL.test(url)) throw new UsageError(`not a site-relative path (e.g. /images/promo.png): ${url}`);
      }
      await changeCompany(db, company.id, { announcement: { is_active: !switches.has('off'), images } }, SHELL_ACTOR, ctx.clock.now());
      ctx.out(switches.has('off') ? 'announcement off' : `announcement on with ${images.length} image(s)`);
      return;
    }
    if (sub === 'maintenance') {
      const v = positional[0];
      if (v !== 'on' && v !== 'off') throw new UsageError('maintenance takes on or off');
      await changeCompany(db, company.id, { maintenance: v === 'on' }, SHELL_ACTOR, ctx.clock.now());
      ctx.out(`maintenance ${v}`);
      return;
    }
    throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
  },
};
