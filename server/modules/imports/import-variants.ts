import { VARIANT_LIMITS } from '#domain/variants';
import type { Query } from '../../jobs/jobs.service';
import type { ImportColumns } from './import-row';

/**
 * The variant side of an import (the export's variant columns), set-based like the rest: rows
 * sharing a SKU are one product's variants, keyed by variant SKU. Each statement reads the job's
 * staged rows as a whole, so a file of 300,000 variants costs a few statements.
 */

/** The file has the export's variant columns: its rows may be variants. */
export const hasVariantColumns = (columns: ImportColumns) =>
  !!(columns.variant_sku || columns.option1_name || columns.variant_mrp || columns.variant_status);

/** Each row's option value columns, by position. */
const VALUES_BY_POSITION = `(values (1, r.option1_value), (2, r.option2_value), (3, r.option3_value)) x(k, value)`;

/**
 * Before the checks: marks the rows after the first of each SKU (further variants, which leave the
 * product's own columns alone), and settles each row's product price. A product without options
 * has one price, in mrp and variant_mrp alike: where only one of them differs from the product's
 * price, that edit wins. A row with options prices its variant only: the product's mrp follows
 * its variants.
 */
export async function prepareVariantRows(q: Query, jobId: string) {
  await q(
    `update import_rows r set follower = true from (
       select line, min(line) over (partition by sku) as first from import_rows where job_id = $1 and sku is not null
     ) d where r.job_id = $1 and r.line = d.line and d.line > d.first`,
    [jobId],
  );
  await q(
    `update import_rows r set mrp = r.variant_mrp, mrp_given = true
     where r.job_id = $1 and r.option1_name is null and r.variant_mrp is not null
       and (r.mrp is null or (r.mrp <> r.variant_mrp and r.product_id is not null
         and r.mrp = (select p.mrp from products p where p.id = r.product_id)))`,
    [jobId],
  );
  await q(
    'update import_rows set mrp = null where job_id = $1 and option1_name is not null and mrp is not null',
    [jobId],
  );
}

/** Problems only a file with variant columns can have: (line, kind, arg) as import-job's checks read them. */
export const VARIANT_CHECKS = [
  `select line, 'option_names', first::text from (
     select line, option1_name, option2_name, option3_name, first_value(line) over w as first,
            first_value(lower(option1_name)) over w as n1, first_value(lower(option2_name)) over w as n2,
            first_value(lower(option3_name)) over w as n3
     from import_rows where job_id = $1 and sku is not null and option1_name is not null
     window w as (partition by sku order by line)
   ) d where line > first and (lower(option1_name) is distinct from n1
     or lower(option2_name) is distinct from n2 or lower(option3_name) is distinct from n3)`,
  `select line, 'combination', first::text from (
     select line, min(line) over (partition by sku, lower(option1_value), lower(option2_value), lower(option3_value)) as first
     from import_rows where job_id = $1 and sku is not null and option1_name is not null
   ) d where line > first`,
  `select line, 'variant_duplicate', first::text from (
     select line, min(line) over (partition by variant_sku) as first
     from import_rows where job_id = $1 and variant_sku is not null and option1_name is not null
   ) d where line > first`,
  // A variant's SKU may be its own product's only: not another product's, nor another's variant's,
  // in the catalogue or in the file.
  `select r.line, 'variant_taken', null from import_rows r
   where r.job_id = $1 and r.option1_name is not null and r.variant_sku is not null and (
     exists (select 1 from product_variants v where v.sku = r.variant_sku and v.product_id is distinct from r.product_id)
     or exists (select 1 from products p where p.sku = r.variant_sku and p.id is distinct from r.product_id)
     or exists (select 1 from import_rows o where o.job_id = $1 and o.sku = r.variant_sku and o.sku <> r.sku))`,
  `select r.line, 'variant_mrp', null from import_rows r
   where r.job_id = $1 and r.option1_name is not null and r.variant_mrp is null
     and not exists (select 1 from product_variants v where v.sku = r.variant_sku and v.product_id = r.product_id)`,
  `select r.line, 'prices_differ', null from import_rows r left join products p on p.id = r.product_id
   where r.job_id = $1 and r.option1_name is null and r.mrp is not null and r.variant_mrp is not null
     and r.mrp <> r.variant_mrp and (p.id is null or r.variant_mrp <> p.mrp)`,
  `select line, 'values', k::text from (
     select line, k, dense_rank() over (partition by sku, k order by first) as n from (
       select r.line, r.sku, x.k, min(r.line) over (partition by r.sku, x.k, lower(x.value)) as first
       from import_rows r cross join lateral ${VALUES_BY_POSITION}
       where r.job_id = $1 and r.sku is not null and x.value is not null
     ) a
   ) b where n > ${VARIANT_LIMITS.values}`,
];

/** The existing products whose variants the file changes (a union member selecting product_id). */
export const VARIANTS_CHANGED = `
  select r.product_id from import_rows r
  where r.job_id = $1 and r.product_id is not null and r.option1_name is not null and not exists (
    select 1 from product_variants v
    left join product_option_values a1 on a1.id = v.option1_value_id left join product_options o1 on o1.id = a1.option_id
    left join product_option_values a2 on a2.id = v.option2_value_id left join product_options o2 on o2.id = a2.option_id
    left join product_option_values a3 on a3.id = v.option3_value_id left join product_options o3 on o3.id = a3.option_id
    where v.product_id = r.product_id and v.sku = r.variant_sku
      and v.mrp = coalesce(r.variant_mrp, v.mrp) and v.status = coalesce(r.variant_status, v.status)
      and o1.name is not distinct from r.option1_name and lower(a1.value) is not distinct from lower(r.option1_value)
      and o2.name is not distinct from r.option2_name and lower(a2.value) is not distinct from lower(r.option2_value)
      and o3.name is not distinct from r.option3_name and lower(a3.value) is not distinct from lower(r.option3_value))
  union
  select r.product_id from import_rows r join product_variants v on v.product_id = r.product_id
  where r.job_id = $1 and r.option1_name is null and r.variant_status is not null and v.status <> r.variant_status
    and not exists (select 1 from product_options o where o.product_id = r.product_id)`;

/**
 * Writes the file's options, values and variants, after its products: each product's options by
 * position (renamed where the file names them otherwise), values it lacks after those it has in
 * the order they first appear, variants updated by SKU; a product's default variant (no values)
 * becomes its first new variant, as a seller's first option does in the editor, and the rest are
 * inserted. The triggers of migration 0056 then price each product from its variants.
 */
export async function applyVariants(q: Query, jobId: string) {
  const statements = [
    // The products this import created, for their further rows.
    `update import_rows r set product_id = p.id from products p
     where r.job_id = $1 and r.product_id is null and r.sku is not null and p.sku = r.sku`,
    `insert into product_options (product_id, name, position)
     select distinct on (r.product_id, o.k) r.product_id, o.name, o.k
     from import_rows r cross join lateral (values (1, r.option1_name), (2, r.option2_name), (3, r.option3_name)) o(k, name)
     where r.job_id = $1 and o.name is not null
     order by r.product_id, o.k, r.line
     on conflict (product_id, position) do update set name = excluded.name
       where product_options.name is distinct from excluded.name`,
    `insert into product_option_values (option_id, value, position)
     select f.option_id, f.value, coalesce(m.top, -1) + row_number() over (partition by f.option_id order by f.first)
     from (
       select distinct on (po.id, lower(x.value)) po.id as option_id, x.value, r.line as first
       from import_rows r cross join lateral ${VALUES_BY_POSITION}
       join product_options po on po.product_id = r.product_id and po.position = x.k
       where r.job_id = $1 and x.value is not null
       order by po.id, lower(x.value), r.line
     ) f
     left join lateral (select max(e.position) as top from product_option_values e where e.option_id = f.option_id) m on true
     where not exists (select 1 from product_option_values e where e.option_id = f.option_id and lower(e.value) = lower(f.value))`,
    `update import_rows r set
       value1_id = (select e.id from product_options o join product_option_values e on e.option_id = o.id
                    where o.product_id = r.product_id and o.position = 1 and lower(e.value) = lower(r.option1_value)),
       value2_id = (select e.id from product_options o join product_option_values e on e.option_id = o.id
                    where o.product_id = r.product_id and o.position = 2 and lower(e.value) = lower(r.option2_value)),
       value3_id = (select e.id from product_options o join product_option_values e on e.option_id = o.id
                    where o.product_id = r.product_id and o.position = 3 and lower(e.value) = lower(r.option3_value)),
       variant_id = (select v.id from product_variants v where v.sku = r.variant_sku and v.product_id = r.product_id),
       variant_position = k.n
     from (select line, row_number() over (partition by product_id order by line) - 1 as n
           from import_rows where job_id = $1 and option1_name is not null) k
     where r.job_id = $1 and r.line = k.line`,
    `update product_variants v set option1_value_id = r.value1_id, option2_value_id = r.value2_id,
       option3_value_id = r.value3_id, mrp = coalesce(r.variant_mrp, v.mrp),
       status = coalesce(r.variant_status, v.status), position = r.variant_position, updated_at = now()
     from import_rows r
     where r.job_id = $1 and r.option1_name is not null and r.variant_id = v.id
       and (v.option1_value_id is distinct from r.value1_id or v.option2_value_id is distinct from r.value2_id
         or v.option3_value_id is distinct from r.value3_id or v.mrp <> coalesce(r.variant_mrp, v.mrp)
         or v.status <> coalesce(r.variant_status, v.status) or v.position <> r.variant_position)`,
    `with pick as (
       select distinct on (r.product_id) r.line, d.id as variant_id
       from import_rows r join product_variants d on d.product_id = r.product_id and d.option1_value_id is null
         and d.option2_value_id is null and d.option3_value_id is null
       where r.job_id = $1 and r.option1_name is not null and r.variant_id is null
       order by r.product_id, r.line
     ), marked as (
       update import_rows r set variant_id = pick.variant_id from pick
       where r.job_id = $1 and r.line = pick.line
       returning r.*
     )
     update product_variants v set sku = m.variant_sku, option1_value_id = m.value1_id,
       option2_value_id = m.value2_id, option3_value_id = m.value3_id, mrp = m.variant_mrp,
       status = coalesce(m.variant_status, 'active'), position = m.variant_position, updated_at = now()
     from marked m where v.id = m.variant_id`,
    `insert into product_variants (product_id, sku, mrp, status, position, option1_value_id, option2_value_id, option3_value_id)
     select r.product_id, r.variant_sku, r.variant_mrp, coalesce(r.variant_status, 'active'), r.variant_position,
            r.value1_id, r.value2_id, r.value3_id
     from import_rows r
     where r.job_id = $1 and r.option1_name is not null and r.variant_id is null
     order by r.line`,
    // A product without options: its one variant's status.
    `update product_variants v set status = r.variant_status, updated_at = now()
     from import_rows r
     where r.job_id = $1 and r.option1_name is null and r.variant_status is not null and r.product_id = v.product_id
       and v.status <> r.variant_status
       and not exists (select 1 from product_options o where o.product_id = r.product_id)`,
  ];
  for (const statement of statements) await q(statement, [jobId]);
}
