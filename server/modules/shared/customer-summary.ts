import { sql } from 'drizzle-orm';
import type { InquiryCustomer } from '#domain/inquiries';
import type { Db } from '../../db/client';

type Reader = Pick<Db, 'execute'>;

/**
 * What a request's detail says of its customer (the desk's "3 earlier requests, 2 accepted"): the
 * customer's requests made before this one, through inquiries_customer_idx, and its orders not
 * cancelled, which the counters keep. Null for a request no customer holds.
 */
export async function customerOfInquiry(db: Reader, inquiryId: number): Promise<InquiryCustomer | null> {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    email: string;
    company_id: number | null;
    company_name: string | null;
    earlier: number;
    accepted: number;
  }>(sql`
    select c.id, c.name, c.email, co.id as company_id, co.name as company_name, c.order_count as accepted,
      (select count(*)::int from inquiries e
        where e.customer_id = c.id and (e.created_at, e.id) < (i.created_at, i.id)) as earlier
    from inquiries i
      join customers c on c.id = i.customer_id
      left join companies co on co.id = c.company_id
    where i.id = ${inquiryId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company_id === null ? null : { id: row.company_id, name: row.company_name ?? '' },
    earlier_requests: Number(row.earlier),
    accepted: Number(row.accepted),
  };
}
