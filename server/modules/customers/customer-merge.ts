import { sql } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '#domain/customers';
import { CURRENT_ACTOR_SQL, setChangeContext } from '../../db/change-context';
import type { Tx } from '../../db/client';
import { conflict, notFound } from '../../errors/app-error';

type Locked = {
  id: number;
  phone: string | null;
  company_id: number | null;
  merged_into_id: number | null;
  sees_company: boolean;
};

/** Ids as a PostgreSQL array literal, for an integer[] parameter. */
const idList = (rows: readonly { id: number }[]) => `{${rows.map((r) => r.id).join(',')}}`;

/** Both customers' rows, locked in id order so two merges of the same pair cannot deadlock. */
async function lockPair(tx: Tx, a: number, b: number) {
  const { rows } = await tx.execute<Locked>(sql`
    select id, phone, company_id, merged_into_id, sees_company from customers
    where id in (${a}, ${b}) order by id for update`);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/**
 * Makes `sourceId` one with `intoId`, in the caller's transaction: its requests, orders, notes and
 * the portal's sign-in links and sessions move (quotes follow their requests), its price lists are
 * assigned to the survivor too (the source keeps its own, as its page shows them), the survivor's
 * blank phone and company are filled from it, and its "sees the company's" is handed on when the
 * survivor ends in the company it was granted for. It is marked merged, so its e-mail leads to the
 * survivor from now on. Every write is logged as a 'merge' with the caller, and what moved is kept
 * in customer_merges, which is what restoring the merge from the history reads.
 */
export async function mergeCustomers(tx: Tx, sourceId: number, intoId: number): Promise<void> {
  const rows = await lockPair(tx, sourceId, intoId);
  const source = rows.get(sourceId);
  const into = rows.get(intoId);
  if (!source) throw notFound(CUSTOMER_TEXT.notFound);
  if (!into) throw notFound(CUSTOMER_TEXT.mergeTargetNotFound);
  if (source.merged_into_id !== null) throw conflict(CUSTOMER_TEXT.mergedAlready);
  if (into.merged_into_id !== null) throw conflict(CUSTOMER_TEXT.mergeTargetMerged);
  await setChangeContext(tx, { action: 'merge' });
  const moved = await tx.execute<{ id: number }>(
    sql`update inquiries set customer_id = ${intoId} where customer_id = ${sourceId} returning id`,
  );
  const movedOrders = await tx.execute<{ id: number }>(
    sql`update orders set customer_id = ${intoId}, updated_at = now() where customer_id = ${sourceId} returning id`,
  );
  const movedNotes = await tx.execute<{ id: number }>(
    sql`update customer_notes set customer_id = ${intoId} where customer_id = ${sourceId} returning id`,
  );
  const movedLinks = await tx.execute<{ id: number }>(
    sql`update account_links set customer_id = ${intoId} where customer_id = ${sourceId} returning id`,
  );
  const movedSessions = await tx.execute<{ id: number }>(
    sql`update account_sessions set customer_id = ${intoId} where customer_id = ${sourceId} returning id`,
  );
  // The survivor pays what either of them agreed: the source's lists are assigned to it as well.
  const addedLists = await tx.execute<{ id: number }>(sql`
    insert into price_list_customers (price_list_id, customer_id)
    select price_list_id, ${intoId} from price_list_customers where customer_id = ${sourceId}
    on conflict do nothing returning price_list_id as id`);
  const filledPhone = into.phone === null ? source.phone : null;
  const filledCompany = into.company_id === null ? source.company_id : null;
  // A grant is for one company: it goes with the person only into that same company.
  const filledSees =
    source.sees_company &&
    !into.sees_company &&
    source.company_id !== null &&
    (into.company_id ?? source.company_id) === source.company_id;
  if (filledPhone !== null || filledCompany !== null || filledSees)
    await tx.execute(sql`update customers set
        phone = coalesce(phone, ${filledPhone}), company_id = coalesce(company_id, ${filledCompany}::integer),
        sees_company = sees_company or ${filledSees}, updated_at = now()
      where id = ${intoId}`);
  await tx.execute(
    sql`update customers set merged_into_id = ${intoId}, updated_at = now() where id = ${sourceId}`,
  );
  await tx.execute(sql`
    insert into customer_merges
      (source_id, into_id, inquiry_ids, order_ids, note_ids, link_ids, session_ids, price_list_ids,
        filled_phone, filled_company_id, filled_sees_company, actor_id)
    values (${sourceId}, ${intoId}, ${idList(moved.rows)}::integer[], ${idList(movedOrders.rows)}::integer[],
      ${idList(movedNotes.rows)}::integer[], ${idList(movedLinks.rows)}::integer[],
      ${idList(movedSessions.rows)}::integer[], ${idList(addedLists.rows)}::integer[], ${filledPhone}, ${filledCompany}::integer, ${filledSees},
      ${CURRENT_ACTOR_SQL})`);
}

/** The merge a change-log entry belongs to (any of the entries its transaction wrote), or null. */
export async function mergeOfEntry(tx: Pick<Tx, 'execute'>, entryId: number) {
  const { rows } = await tx.execute<{ id: number; source_id: number; undone_at: string | null }>(sql`
    select m.id, m.source_id, m.undone_at from change_log c join customer_merges m on m.tx = c.tx
    where c.id = ${entryId} and c.action = 'merge' order by m.id desc limit 1`);
  return rows[0] ?? null;
}

/**
 * Undoes a merge, in the caller's transaction (a restore): the requests, orders, notes, sign-in
 * links and sessions it moved go back to the customer they came from, the price lists it assigned
 * the survivor are taken off it, the phone, company and
 * company grant it filled in on the survivor are cleared if they are still what it put there, and
 * the customer is no longer merged. A portal session the survivor started since the merge is
 * ended: it may have come from either one's mailbox, and must not stay open as the wrong buyer.
 * Refused (409) once undone, or when the customer was since un-merged some other way. Returns the
 * customer brought back.
 */
export async function undoMerge(tx: Tx, mergeId: number): Promise<number> {
  const { rows } = await tx.execute<{
    source_id: number;
    into_id: number;
    inquiry_ids: number[];
    order_ids: number[];
    note_ids: number[];
    link_ids: number[];
    session_ids: number[];
    price_list_ids: number[];
    filled_phone: string | null;
    filled_company_id: number | null;
    filled_sees_company: boolean;
    undone_at: string | null;
  }>(sql`select * from customer_merges where id = ${mergeId} for update`);
  const merge = rows[0];
  if (!merge || merge.undone_at !== null) throw conflict(CUSTOMER_TEXT.mergeUndone);
  const pair = await lockPair(tx, merge.source_id, merge.into_id);
  const source = pair.get(merge.source_id);
  const into = pair.get(merge.into_id);
  if (!source || !into || source.merged_into_id !== merge.into_id) throw conflict(CUSTOMER_TEXT.mergeUndone);
  const ids = (list: number[]) => idList(list.map((id) => ({ id })));
  await tx.execute(
    sql`update inquiries set customer_id = ${merge.source_id} where id = any(${ids(merge.inquiry_ids)}::integer[])`,
  );
  await tx.execute(
    sql`update orders set customer_id = ${merge.source_id}, updated_at = now() where id = any(${ids(merge.order_ids)}::integer[])`,
  );
  await tx.execute(
    sql`update customer_notes set customer_id = ${merge.source_id} where id = any(${ids(merge.note_ids)}::integer[])`,
  );
  await tx.execute(
    sql`update account_links set customer_id = ${merge.source_id} where id = any(${ids(merge.link_ids)}::integer[])`,
  );
  await tx.execute(
    sql`update account_sessions set customer_id = ${merge.source_id} where id = any(${ids(merge.session_ids)}::integer[])`,
  );
  await tx.execute(
    sql`delete from price_list_customers where customer_id = ${merge.into_id} and price_list_id = any(${ids(merge.price_list_ids)}::integer[])`,
  );
  await tx.execute(sql`
    delete from account_sessions where customer_id = ${merge.into_id} and created_at >= (select m.created_at from customer_merges m where m.id = ${mergeId})
      and not id = any(${ids(merge.session_ids)}::integer[])`);
  const clearsCompany = merge.filled_company_id !== null && into.company_id === merge.filled_company_id;
  if (
    (merge.filled_phone !== null && into.phone === merge.filled_phone) ||
    clearsCompany ||
    merge.filled_sees_company
  )
    await tx.execute(sql`update customers set
        phone = case when phone = ${merge.filled_phone} then null else phone end,
        company_id = case when ${clearsCompany} then null else company_id end,
        sees_company = case when ${merge.filled_sees_company} then false else sees_company end,
        updated_at = now()
      where id = ${merge.into_id}`);
  await tx.execute(
    sql`update customers set merged_into_id = null, updated_at = now() where id = ${merge.source_id}`,
  );
  await tx.execute(sql`update customer_merges set undone_at = now() where id = ${mergeId}`);
  return merge.source_id;
}
