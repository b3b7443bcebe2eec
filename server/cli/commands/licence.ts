import { writeFileSync } from 'node:fs';
import { csvText } from '../../../contracts/csv-cell.ts';
import { asc, eq } from 'drizzle-orm';
import { institutions, licences, products } from '../../db/schema/index.ts';
import { issueLicenceCode } from '../../services/orders/licence-codes.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';

const MAX_BATCH = 10_000;

export const licenceCommand: AdminCommand = {
  name: 'licence',
  summary: 'issue a batch of licence codes for a product or an institution (printed once; only hashes are stored)',
  usage: ['licence issue --count N [--institution ID] [--product ID] [--csv FILE]'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub !== 'issue') throw new UsageError(sub ? `unknown subcommand ${sub}` : 'subcommand required');
    const { values } = parseFlags(rest, { values: ['count', 'institution', 'product', 'csv'] });
    const count = Number(values.count);
    if (!Number.isInteger(count) || count < 1 || count > MAX_BATCH) throw new UsageError(`--count must be a whole number from 1 to ${MAX_BATCH}`);
    const db = ctx.database.db;
    let institutionName = '';
    if (values.institution) {
      const [inst] = await db.select().from(institutions).where(eq(institutions.id, values.institution));
      if (!inst) throw new Error(`no institution ${values.institution}`);
      institutionName = inst.name;
    }
    const [product] = values.product
      ? await db.select().from(products).where(eq(products.id, values.product))
      : await db.select().from(products).orderBy(asc(products.created_at)).limit(1);
    if (!product) throw new Error(values.product ? `no product ${values.product}` : 'no product exists yet');
    const codes = Array.from({ length: count }, issueLicenceCode);
    await db.transaction(async (tx) => {
      await tx.insert(licences).values(codes.map((c) => ({
        code_hash: c.code_hash, code_hint: c.code_hint, product_id: product.id, institution_id: values.institution ?? null,
      })));
    });
    const issuedAt = ctx.clock.now().toISOString();
    if (values.csv) {
      const csv = csvText([['code', 'institution', 'product', 'issued_at'], ...codes.map((c) => [c.code, institutionName, product.name, issuedAt])]);
      // The plain codes exist nowhere else: keep the export private to its owner.
      writeFileSync(values.csv, csv, { mode: 0o600 });
      ctx.out(`issued ${count} code(s) for ${institutionName || 'individual buyers'}; written to ${values.csv}`);
    } else {
      ctx.out(`issued ${count} code(s) for ${institutionName || 'individual buyers'} (shown once):`);
    }
    for (const c of codes) ctx.out(c.code);
  },
};
