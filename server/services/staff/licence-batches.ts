// Licence batches of an institution: generate (codes stored hashed as every licence code is; the
// plain codes are answered once), list with redeemed/unused counts, revoke the unused codes of a
// batch (a revoked code then fails to redeem with its own message). Every change is audited.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LicenceBatch } from '../../../contracts/admin-licences.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { licenceBatches, licences, products } from '../../db/schema/index.ts';
import { issueLicenceCode } from '../orders/licence-codes.ts';
import { appendAudit, type AuditActor } from './audit.ts';

const BATCH_INSERT = 500;

/** The products an institution's licences may be for: its company's. */
export async function productsOfCompany(db: AppDb, companyId: string) {
  return db.select({ id: products.id, name: products.name, description: products.description, audience: products.audience })
    .from(products).where(eq(products.company_id, companyId)).orderBy(products.name);
}

const batchColumns = {
  id: licenceBatches.id, institution_id: licenceBatches.institution_id, product_id: licenceBatches.product_id,
  product_name: products.name, note: licenceBatches.note, count: licenceBatches.count, expires_at: licenceBatches.expires_at,
  created_at: licenceBatches.created_at, revoked_at: licenceBatches.revoked_at,
  redeemed: sql<number>`(select count(*)::int from ${licences} where ${licences.batch_id} = ${licenceBatches.id} and ${licences.redeemed_by} is not null)`,
  revoked: sql<number>`(select count(*)::int from ${licences} where ${licences.batch_id} = ${licenceBatches.id} and ${licences.revoked_at} is not null)`,
};

interface BatchRow {
  id: string; institution_id: string; product_id: string; product_name: string; note: string; count: number;
  expires_at: Date; created_at: Date; revoked_at: Date | null; redeemed: number; revoked: number;
}

function toBatch(row: BatchRow): LicenceBatch {
  const redeemed = Number(row.redeemed);
  const revoked = Number(row.revoked);
  return {
    id: row.id, institution_id: row.institution_id, product_id: row.product_id, product_name: row.product_name, note: row.note,
    count: row.count, redeemed, revoked, unused: row.count - redeemed - revoked,
    expires_at: row.expires_at.toISOString(), created_at: row.created_at.toISOString(), revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** One batch with its counts, if it is in scope (institutionId null = any). */
export async function batchInScope(db: AppDb | AppTx, id: string, institutionId: string | null): Promise<LicenceBatch | undefined> {
  const [row] = await db.select(batchColumns).from(licenceBatches).innerJoin(products, eq(products.id, licenceBatches.product_id))
    .where(and(eq(licenceBatches.id, id), institutionId ? eq(licenceBatches.institution_id, institutionId) : undefined));
  return row && toBatch(row);
}

export async function listBatches(db: AppDb, institutionId: string | null, page: number, perPage: number) {
  const filter = institutionId ? eq(licenceBatches.institution_id, institutionId) : undefined;
  const rows = await db.select(batchColumns).from(licenceBatches).innerJoin(products, eq(products.id, licenceBatches.product_id))
    .where(filter).orderBy(desc(licenceBatches.created_at), desc(licenceBatches.id)).limit(perPage).offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(licenceBatches).where(filter);
  return { list: rows.map(toBatch), total: total?.n ?? 0 };
}

export interface NewBatch { productId: string; count: number; expiresAt: Date; note: string }

/** Generates the codes in one transaction; answers the batch and the plain codes (never stored). */
export async function generateBatch(db: AppDb, institutionId: string, input: NewBatch, actor: AuditActor, now: Date) {
  const issued = Array.from({ length: input.count }, issueLicenceCode);
  return db.transaction(async (tx) => {
    const [batch] = await tx.insert(licenceBatches).values({
      institution_id: institutionId, product_id: input.productId, count: input.count, note: input.note,
      expires_at: input.expiresAt, created_by: actor.staffId, created_at: now,
    }).returning({ id: licenceBatches.id });
    for (let i = 0; i < issued.length; i += BATCH_INSERT) {
      await tx.insert(licences).values(issued.slice(i, i + BATCH_INSERT).map((c) => ({
        code_hash: c.code_hash, code_hint: c.code_hint, product_id: input.productId, institution_id: institutionId,
        batch_id: batch!.id, expires_at: input.expiresAt, created_at: now,
      })));
    }
    await appendAudit(tx, actor, {
      action: 'licence.generate', targetType: 'licence-batch', targetId: batch!.id, institutionId,
      after: { product_id: input.productId, count: input.count, expires_at: input.expiresAt.toISOString(), note: input.note },
    }, now);
    return { batch: (await batchInScope(tx, batch!.id, institutionId))!, codes: issued.map((c) => c.code) };
  });
}

/** Revokes every code of the batch not yet redeemed; undefined when the batch is not in scope. */
export async function revokeBatch(db: AppDb, id: string, institutionId: string | null, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select({ id: licenceBatches.id, institution_id: licenceBatches.institution_id }).from(licenceBatches)
      .where(and(eq(licenceBatches.id, id), institutionId ? eq(licenceBatches.institution_id, institutionId) : undefined)).for('update');
    if (!batch) return undefined;
    const revoked = await tx.update(licences).set({ revoked_at: now })
      .where(and(eq(licences.batch_id, id), isNull(licences.redeemed_by), isNull(licences.revoked_at))).returning({ id: licences.id });
    await tx.update(licenceBatches).set({ revoked_at: now }).where(eq(licenceBatches.id, id));
    await appendAudit(tx, actor, {
      action: 'licence.revoke', targetType: 'licence-batch', targetId: id, institutionId: batch.institution_id,
      after: { revoked: revoked.length },
    }, now);
    return { batch: (await batchInScope(tx, id, institutionId))!, revoked: revoked.length };
  });
}
