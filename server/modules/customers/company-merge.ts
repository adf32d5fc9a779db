import { sql } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '#domain/customers';
import { CURRENT_ACTOR_SQL, CURRENT_TOKEN_SQL, setChangeContext } from '../../db/change-context';
import type { Tx } from '../../db/client';
import { notFound } from '../../errors/app-error';

type Locked = {
  id: number;
  name: string;
  phone: string | null;
  website: string | null;
  address: string | null;
};

/** Both companies' rows, locked in id order so two merges of the same pair cannot deadlock. */
async function lockPair(tx: Tx, a: number, b: number) {
  const { rows } = await tx.execute<Locked>(sql`
    select id, name, phone, website, address from companies where id in (${a}, ${b}) order by id for update`);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/**
 * Makes company `sourceId` one with `intoId`, in the caller's transaction: every customer of it
 * (merged ones too, so a merged e-mail's chain ends in the same company), its notes and its price
 * lists move, the survivor's blank phone, website and address are filled from it, and it is
 * deleted. Its people's requests and orders are theirs, so they follow them. In the history each
 * person's move is an update, the source's end a delete, and the survivor's entry a 'merge' naming
 * the company it took in (`merged_from`), which also makes its company.updated.
 */
export async function mergeCompanies(tx: Tx, sourceId: number, intoId: number): Promise<void> {
  const rows = await lockPair(tx, sourceId, intoId);
  const source = rows.get(sourceId);
  const into = rows.get(intoId);
  if (!source) throw notFound(CUSTOMER_TEXT.companyNotFound);
  if (!into) throw notFound(CUSTOMER_TEXT.companyMergeTargetNotFound);
  await tx.execute(
    sql`update customers set company_id = ${intoId}, updated_at = now() where company_id = ${sourceId}`,
  );
  await setChangeContext(tx, { action: 'merge' });
  await tx.execute(sql`update company_notes set company_id = ${intoId} where company_id = ${sourceId}`);
  await tx.execute(sql`update companies set
      phone = coalesce(phone, ${source.phone}), website = coalesce(website, ${source.website}),
      address = coalesce(address, ${source.address}), updated_at = now()
    where id = ${intoId}`);
  // The survivor's entry, whether or not a field of its own changed (updated_at is not logged).
  await tx.execute(sql`
    insert into change_log as c (actor_id, token_id, entity_type, entity_id, action, changes)
    values (${CURRENT_ACTOR_SQL}, ${CURRENT_TOKEN_SQL}, 'company', ${intoId}, 'merge',
      jsonb_build_object('merged_from', jsonb_build_object('before', null, 'after', ${source.name}::text)))
    on conflict (tx, entity_type, entity_id) do update set action = 'merge', changes = c.changes || excluded.changes`);
  await setChangeContext(tx, { action: undefined });
  // Its people keep the prices their company agreed: its lists go to the survivor before the
  // delete takes its assignments with it.
  await tx.execute(sql`
    insert into price_list_companies (price_list_id, company_id)
    select price_list_id, ${intoId} from price_list_companies where company_id = ${sourceId}
    on conflict do nothing`);
  await tx.execute(sql`delete from companies where id = ${sourceId}`);
}

/**
 * Deletes a company, in the caller's transaction: its people stay, without a company (each an
 * update in the history), its notes go with it, and orders keep the company name they copied.
 */
export async function deleteCompany(tx: Tx, id: number): Promise<void> {
  const { rows } = await tx.execute(sql`select id from companies where id = ${id} for update`);
  if (!rows.length) throw notFound(CUSTOMER_TEXT.companyNotFound);
  await tx.execute(sql`update customers set company_id = null, updated_at = now() where company_id = ${id}`);
  await tx.execute(sql`delete from companies where id = ${id}`);
}
