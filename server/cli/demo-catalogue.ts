import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { centsToDecimal, mulDivHalfUp, toCents } from '#domain/money';
import { slugify } from '#domain/slug';
import { ALL_RIGHTS, SERVER_GRANTOR } from '../auth/rights';
import type { Db } from '../db/client';
import { createImagesService } from '../images/images.service';
import { IMAGE_MESSAGES } from '../images/messages';
import { prepareImage } from '../images/process';
import type { ImageStore } from '../images/store';
import { createBrandsService } from '../modules/brands/brands.service';
import { createCategoriesService } from '../modules/categories/categories.service';
import { createDiscountsService } from '../modules/discounts/discounts.service';
import { createProductImagesService } from '../modules/products/product-images.service';
import { createProductsService } from '../modules/products/products.service';
import { createSectionsService } from '../modules/products/sections.service';
import { createUsersService } from '../modules/users/users.service';
import { seedDemoDesk } from './demo-desk';

/** A small deterministic generator, so every demo catalogue is the same catalogue. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

const TREE = {
  Tools: {
    'Power Tools': ['Drills', 'Saws', 'Sanders'],
    'Hand Tools': ['Hammers', 'Screwdrivers', 'Wrenches'],
  },
  Garden: { 'Lawn Care': ['Mowers', 'Trimmers'], Watering: ['Hoses', 'Sprinklers'] },
  Home: { Lighting: ['Lamps', 'Bulbs'], Kitchen: ['Cookware', 'Knives'] },
} as const;

type Values<T> = T[keyof T];
type Tree = typeof TREE;
type Leaf = Values<{
  [T in keyof Tree]: Values<{ [M in keyof Tree[T]]: Tree[T][M] extends readonly (infer L)[] ? L : never }>;
}>;

/** A leaf category's name for one of its products ("Knives" holds a knife, not a "Knive"). */
const SINGULAR: Record<Leaf, string> = {
  Drills: 'Drill',
  Saws: 'Saw',
  Sanders: 'Sander',
  Hammers: 'Hammer',
  Screwdrivers: 'Screwdriver',
  Wrenches: 'Wrench',
  Mowers: 'Mower',
  Trimmers: 'Trimmer',
  Hoses: 'Hose',
  Sprinklers: 'Sprinkler',
  Lamps: 'Lamp',
  Bulbs: 'Bulb',
  Cookware: 'Cookware',
  Knives: 'Knife',
};

const BRANDS = [
  'Acme',
  'Northwind',
  'Boltline',
  'Greenleaf',
  'Ironclad',
  'Lumen & Co',
  'Hearth',
  'Tidewater',
  'Forge',
  'Sparrow',
];
const ADJECTIVES = [
  'Compact',
  'Pro',
  'Heavy-Duty',
  'Cordless',
  'Classic',
  'Ultra',
  'Smart',
  'Eco',
  'Precision',
  'Rugged',
];
const PALETTE = [
  '#e4572e',
  '#29335c',
  '#f3a712',
  '#669bbc',
  '#2a9d8f',
  '#8d99ae',
  '#bc4749',
  '#6a4c93',
  '#1982c4',
  '#8ac926',
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A generated picture: a coloured card with a label, rendered locally (no downloads). */
async function picture(label: string, color: string, size = 480) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.35"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="${color}"/><rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${size * 0.72}" cy="${size * 0.3}" r="${size * 0.18}" fill="#ffffff" fill-opacity="0.25"/>
    <text x="50%" y="58%" font-family="sans-serif" font-size="${size / 9}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(label)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Random = ReturnType<typeof random>;
type LeafRow = { id: number; name: Leaf; top: string };

/** 66 products: six per leaf category minus a few, each with a gallery and sections. */
async function seedProducts(
  db: Db,
  services: {
    products: ReturnType<typeof createProductsService>;
    gallery: ReturnType<typeof createProductImagesService>;
    sections: ReturnType<typeof createSectionsService>;
  },
  rnd: Random,
  leaves: LeafRow[],
  brandRows: { id: number; name: string; slug: string }[],
) {
  const { products, gallery, sections } = services;
  const productRows: { id: number; name: string; slug: string; sku: string | null }[] = [];
  let drillSized = false;
  for (let i = 0; i < 66; i++) {
    const leaf = leaves[i % leaves.length];
    const brand = brandRows[rnd.int(0, brandRows.length - 1)];
    const noun = SINGULAR[leaf.name];
    const name = `${brand.name} ${rnd.pick(ADJECTIVES)} ${noun} ${100 + i}`;
    const mrp = rnd.int(5, 900) + rnd.pick([0, 0.49, 0.99, 0.5]);
    // A few products are left incomplete on purpose, so the dashboard's health lists have work.
    const incomplete = i % 17 === 5;
    const product = await products.create(
      {
        name,
        sku: `${brand.slug.slice(0, 3).toUpperCase()}-${1000 + i}`,
        brand_id: incomplete ? null : brand.id,
        category_id: i % 23 === 7 ? null : leaf.id,
        description: `The ${name} is a ${leaf.top.toLowerCase()} favourite: built to last and easy to use.`,
        mrp,
        // A few are still being written: drafts that staff see and the shop does not.
        status: i % 13 === 4 ? 'draft' : 'published',
      },
      ALL_RIGHTS,
    );
    productRows.push(product);
    if (!incomplete) {
      const shots = [];
      for (let k = 0; k < rnd.int(1, 3); k++) {
        shots.push(
          await prepareImage(
            await picture(`${noun} ${k + 1}`, PALETTE[(i + k) % PALETTE.length]),
            IMAGE_MESSAGES.product,
          ),
        );
      }
      await gallery.addBatch(product.id, shots);
    }
    await sections.createList(product.id, {
      title: 'Highlights',
      description: null,
      items: [`${rnd.pick(ADJECTIVES)} design`, `${rnd.int(1, 5)}-year warranty`, 'Ships in 2 days'],
    });
    await sections.createSpecGroup(product.id, {
      name: 'Specifications',
      intro: 'Measured in our workshop.',
      specs: [
        { label: 'Weight', value: String(rnd.int(1, 30) / 2), unit: 'kg' },
        { label: 'Width', value: String(rnd.int(10, 90)), unit: 'cm' },
        { label: 'Material', value: rnd.pick(['Steel', 'Aluminium', 'Oak', 'Composite']), unit: '' },
      ],
    });
    if (i % 2 === 0) {
      const sizes = [
        ['S', `${rnd.int(10, 20)} cm`, mulDivHalfUp(toCents(mrp), 9, 10)],
        ['M', `${rnd.int(21, 30)} cm`, toCents(mrp)],
        ['L', `${rnd.int(31, 40)} cm`, mulDivHalfUp(toCents(mrp), 11, 10)],
      ] as const;
      // The first drill comes in these sizes as variants, each with its own SKU and price; the
      // others keep the sizes as a table.
      if (leaf.name === 'Drills' && !drillSized) {
        drillSized = true;
        await giveDemoVariants(db, product.id, {
          options: { Size: sizes.map(([size]) => size) },
          variants: sizes.map(([size, , cents]) => ({
            sku: `${product.sku}-${size}`,
            values: [size],
            mrp: centsToDecimal(cents),
          })),
        });
      } else
        await sections.createTable(product.id, {
          heading: 'Sizes',
          intro: null,
          columns: ['Size', 'Length', 'Price'],
          rows: sizes.map(([size, length, cents]) => [size, length, centsToDecimal(cents)]),
          note: 'Prices before discounts.',
        });
    }
  }
  return productRows;
}

const DAY = 86_400_000;

/**
 * Gives a demo product its options and variants as a seller would leave them: the default
 * variant becomes the first listed, the rest are added, and the triggers price the product.
 */
async function giveDemoVariants(
  db: Db,
  productId: number,
  spec: { options: Record<string, string[]>; variants: { sku: string; values: string[]; mrp: string }[] },
) {
  await db.transaction(async (tx) => {
    const valueIds: Map<string, number>[] = [];
    for (const [i, [name, values]] of Object.entries(spec.options).entries()) {
      const { rows } = await tx.execute<{ id: number; value: string }>(sql`
        with option as (
          insert into product_options (product_id, name, position) values (${productId}, ${name}, ${i + 1}) returning id
        )
        insert into product_option_values (option_id, value, position)
        select option.id, v.value, v.n - 1 from option, unnest(array[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]) with ordinality as v(value, n)
        returning id, value`);
      valueIds.push(new Map(rows.map((r) => [r.value, r.id])));
    }
    for (const [j, v] of spec.variants.entries()) {
      const [o1, o2, o3] = [0, 1, 2].map((k) => (k < v.values.length ? valueIds[k].get(v.values[k]) : null));
      if (j === 0)
        await tx.execute(sql`update product_variants set sku = ${v.sku}, mrp = ${v.mrp},
          option1_value_id = ${o1}, option2_value_id = ${o2}, option3_value_id = ${o3}
          where product_id = ${productId}`);
      else
        await tx.execute(sql`insert into product_variants
          (product_id, sku, mrp, position, option1_value_id, option2_value_id, option3_value_id)
          values (${productId}, ${v.sku}, ${v.mrp}, ${j}, ${o1}, ${o2}, ${o3})`);
    }
  });
}

/** Discounts of each scope and state: active, scheduled, expired and inactive. */
async function seedDiscounts(
  discounts: ReturnType<typeof createDiscountsService>,
  now: number,
  leaves: LeafRow[],
  brandRows: { id: number }[],
  productRows: { id: number }[],
) {
  const at = (offsetDays: number) => new Date(now + offsetDays * DAY);
  const base = { product_id: null, category_id: null, brand_id: null } as const;
  await discounts.create({
    ...base,
    name: 'Drill week',
    type: 'percent',
    value: 15,
    applies_to: 'category',
    category_id: leaves[0].id,
    starts_at: at(-2),
    ends_at: at(5),
    active: true,
  });
  await discounts.create({
    ...base,
    name: `${BRANDS[0]} loyalty`,
    type: 'percent',
    value: 10,
    applies_to: 'brand',
    brand_id: brandRows[0].id,
    starts_at: null,
    ends_at: null,
    active: true,
  });
  await discounts.create({
    ...base,
    name: 'Launch offer',
    type: 'amount',
    value: 20,
    applies_to: 'product',
    product_id: productRows[3].id,
    starts_at: null,
    ends_at: at(30),
    active: true,
  });
  await discounts.create({
    ...base,
    name: 'Spring garden sale',
    type: 'percent',
    value: 25,
    applies_to: 'category',
    category_id: leaves.find((l) => l.top === 'Garden')!.id,
    starts_at: at(20),
    ends_at: at(40),
    active: true,
  });
  await discounts.create({
    ...base,
    name: 'Last winter clearance',
    type: 'percent',
    value: 30,
    applies_to: 'brand',
    brand_id: brandRows[4].id,
    starts_at: at(-90),
    ends_at: at(-60),
    active: true,
  });
  await discounts.create({
    ...base,
    name: 'Paused promotion',
    type: 'amount',
    value: 5,
    applies_to: 'product',
    product_id: productRows[8].id,
    starts_at: null,
    ends_at: null,
    active: false,
  });
}

export type DemoAccounts = {
  admin: { email: string; password: string };
  editor: { email: string; password: string };
  /** A salesperson (the Sales role): quotes, but changes no price; absent from older demo data. */
  sales?: { email: string; password: string };
};

/**
 * Fills an empty database with a realistic demo catalogue through the same services the API
 * uses, so every row obeys the product's rules. Returns the demo accounts it created.
 */
export async function seedDemoCatalogue(db: Db, store: ImageStore, currency: string): Promise<DemoAccounts> {
  const rnd = random(20261122);
  const images = createImagesService(db, store);
  const users = createUsersService(db);
  const categories = createCategoriesService(db, images);
  const brands = createBrandsService(db, images);
  const products = createProductsService(db);
  const gallery = createProductImagesService(db, images);
  const sections = createSectionsService(db);
  const discounts = createDiscountsService(db);

  const sales = { email: 'sales@demo.stockroom', password: randomBytes(9).toString('base64url') };
  const accounts: DemoAccounts = {
    admin: { email: 'admin@demo.stockroom', password: randomBytes(9).toString('base64url') },
    editor: { email: 'editor@demo.stockroom', password: randomBytes(9).toString('base64url') },
    sales,
  };
  const admin = await users.create(
    {
      name: 'Demo Admin',
      email: accounts.admin.email,
      password: accounts.admin.password,
      role: 'admin',
    },
    SERVER_GRANTOR,
  );
  const editor = await users.create(
    {
      name: 'Demo Editor',
      email: accounts.editor.email,
      password: accounts.editor.password,
      role: 'editor',
    },
    SERVER_GRANTOR,
  );
  await users.create(
    {
      name: 'Demo Sales',
      email: sales.email,
      password: sales.password,
      role: 'sales',
    },
    SERVER_GRANTOR,
  );

  const image = async (label: string, color: string) =>
    prepareImage(await picture(label, color), IMAGE_MESSAGES.category);

  // A three-level category tree, every node with an image.
  const leaves: LeafRow[] = [];
  let colour = 0;
  let order = 0;
  for (const [top, middles] of Object.entries(TREE)) {
    const topCat = await categories.create(
      {
        name: top,
        slug: null,
        parent_id: null,
        description: `Everything for ${top.toLowerCase()}.`,
        sort_order: order++,
      },
      await image(top, PALETTE[colour++ % PALETTE.length]),
    );
    for (const [middle, names] of Object.entries(middles)) {
      const mid = await categories.create(
        { name: middle, slug: null, parent_id: topCat.id, description: null, sort_order: order++ },
        await image(middle, PALETTE[colour++ % PALETTE.length]),
      );
      for (const name of names) {
        const leaf = await categories.create(
          { name, slug: null, parent_id: mid.id, description: `${name} for every job.`, sort_order: order++ },
          await image(name, PALETTE[colour++ % PALETTE.length]),
        );
        leaves.push({ id: leaf.id, name, top });
      }
    }
  }

  const brandRows = [];
  for (const [i, name] of BRANDS.entries()) {
    const logo = await prepareImage(
      await picture(name.slice(0, 2).toUpperCase(), PALETTE[i], 256),
      IMAGE_MESSAGES.brand,
    );
    brandRows.push(
      await brands.create(
        { name, slug: null, description: `${name} makes dependable goods.`, logo_url: null },
        logo,
      ),
    );
  }

  const productRows = await seedProducts(db, { products, gallery, sections }, rnd, leaves, brandRows);

  const now = Date.now();
  await seedDiscounts(discounts, now, leaves, brandRows, productRows);

  // 40 quote requests spread over the last 60 days, five from each of eight buyers (one customer
  // each, by e-mail); Ana and Ben buy for the same company, and Ana sees all of its requests.
  const people = [
    'Ana Ortiz',
    'Ben Carter',
    'Chloé Martin',
    'Dev Patel',
    'Eva Novak',
    'Femi Ade',
    'Grace Liu',
    'Hugo Berg',
  ];
  const companyOf: Record<string, string | null> = {
    'Ana Ortiz': 'Harbour Fitters Ltd',
    'Ben Carter': 'Harbour Fitters Ltd',
    'Chloé Martin': 'Ridge Joinery',
    'Dev Patel': 'Acme Shopfitting',
    'Eva Novak': 'Northwind Retail',
    'Femi Ade': null,
    'Grace Liu': 'Brightside Cafés',
    'Hugo Berg': null,
  };
  for (let i = 0; i < 40; i++) {
    const person = people[i % people.length];
    const product = productRows[rnd.int(0, productRows.length - 1)];
    // Every day and a half back over 60 days, the newest just now, so this month always has some.
    const created = new Date(now - i * 1.5 * DAY - (i > 0 ? rnd.int(0, 11) * 3_600_000 : 0));
    await db.execute(
      sqlInsertInquiry(
        person,
        `${slugify(person.split(' ')[0])}@example.com`,
        i % 3 === 0 ? null : `+1 555 01${String(i).padStart(2, '0')}`,
        companyOf[person],
        `Quote for ${product.name}`,
        `Hello, could you send a quote for 10 × ${product.name} (SKU ${product.sku})? Delivery to our warehouse.`,
        product.id,
        created,
      ),
    );
  }
  // A request never joins anyone to a company that exists (anyone can send the form), so Ben is
  // linked to Ana's company as staff would link him.
  await db.execute(sql`update customers set company_id = (
      select company_id from customers where email = 'ana@example.com')
    where email = 'ben@example.com'`);
  // Customers and companies date from their first request, as the migration's backfill has them.
  await db.execute(sql`update customers c set created_at = f.first,
      sees_company = (c.email = 'ana@example.com')
    from (select customer_id, min(created_at) as first from inquiries group by customer_id) f
    where f.customer_id = c.id`);
  await db.execute(sql`update companies co set created_at = f.first
    from (select company_id, min(created_at) as first from customers group by company_id) f
    where f.company_id = co.id`);
  await seedDemoDesk(db, {
    adminId: admin.id,
    adminName: admin.name,
    editorId: editor.id,
    editorName: editor.name,
    currency,
  });
  await seedSpecProducts(db, { products, gallery, sections }, leaves, brandRows);
  return accounts;
}

type SpecProduct = {
  name: string;
  sku: string;
  brand: (typeof BRANDS)[number];
  leaf: Leaf;
  description: string;
  specs: { label: string; value: string; unit: string }[];
  /** Options and variants (values in the options' order), priced each. */
  variants?: {
    options: Record<string, string[]>;
    variants: { sku: string; values: string[]; mrp: string }[];
  };
};

const BOLT_LENGTHS = ['20 mm', '30 mm', '40 mm', '50 mm'];
const BOLT_FINISHES = [
  ['Zinc-plated', 'ZN', 690],
  ['Stainless', 'SS', 1290],
] as const;

/**
 * Products that buyers find by their specifications: a voltage, a thread, a length, a material.
 * Added after everything the generator draws, so the products before them stay as they were.
 */
const SPEC_PRODUCTS: SpecProduct[] = [
  {
    name: 'Boltline Cordless Drill Driver',
    sku: 'BOL-2001',
    brand: 'Boltline',
    leaf: 'Drills',
    description:
      'A cordless drill driver for daily site work: two speeds, a keyless chuck and an LED work light.',
    specs: [
      { label: 'Voltage', value: '18', unit: 'V' },
      { label: 'Chuck', value: '13', unit: 'mm' },
      { label: 'Weight', value: '1.6', unit: 'kg' },
    ],
  },
  {
    name: 'Sparrow Cordless Impact Drill',
    sku: 'SPA-2002',
    brand: 'Sparrow',
    leaf: 'Drills',
    description: 'Hammer action for masonry and brick, in a compact body that fits between joists.',
    specs: [
      { label: 'Voltage', value: '12', unit: 'V' },
      { label: 'Chuck', value: '10', unit: 'mm' },
      { label: 'Weight', value: '1.1', unit: 'kg' },
    ],
  },
  {
    name: 'Ironclad Random Orbital Sander',
    sku: 'IRO-2003',
    brand: 'Ironclad',
    leaf: 'Sanders',
    description:
      'Random orbital sanding for a smooth finish on wood, filler and old paint, with dust extraction.',
    specs: [
      { label: 'Voltage', value: '18', unit: 'V' },
      { label: 'Pad diameter', value: '125', unit: 'mm' },
      { label: 'Material', value: 'Composite', unit: '' },
    ],
  },
  {
    // One product in every length and finish, where there were a product per bolt.
    name: 'Forge Hex Bolt M8 (box of 100)',
    sku: 'FOR-2004',
    brand: 'Forge',
    leaf: 'Wrenches',
    description:
      'Fully threaded M8 hex bolts: zinc-plated for indoor frames and shelving, stainless for outdoor frames and marine fittings that must not rust.',
    specs: [
      { label: 'Thread', value: 'M8', unit: '' },
      { label: 'Material', value: 'Zinc-plated steel or stainless steel A2', unit: '' },
    ],
    variants: {
      options: { Length: BOLT_LENGTHS, Finish: BOLT_FINISHES.map(([finish]) => finish) },
      variants: BOLT_LENGTHS.flatMap((length, i) =>
        BOLT_FINISHES.map(([finish, code, cents]) => ({
          sku: `FOR-2004-${length.split(' ')[0]}-${code}`,
          values: [length, finish],
          mrp: centsToDecimal(cents + i * 50),
        })),
      ),
    },
  },
  {
    name: 'Tidewater Hose Connector 19 mm',
    sku: 'TID-2007',
    brand: 'Tidewater',
    leaf: 'Hoses',
    description: 'A click-on connector that joins two lengths of garden hose without leaks.',
    specs: [
      { label: 'Diameter', value: '19', unit: 'mm' },
      { label: 'Material', value: 'Stainless steel', unit: '' },
    ],
  },
  {
    name: 'Greenleaf Cordless Grass Trimmer',
    sku: 'GRE-2008',
    brand: 'Greenleaf',
    leaf: 'Trimmers',
    description: 'Edges lawns and cuts long grass along fences, on one battery charge per garden.',
    specs: [
      { label: 'Voltage', value: '36', unit: 'V' },
      { label: 'Cutting width', value: '30', unit: 'cm' },
      { label: 'Weight', value: '2.9', unit: 'kg' },
    ],
  },
  {
    name: "Hearth Chef's Knife",
    sku: 'HEA-2009',
    brand: 'Hearth',
    leaf: 'Knives',
    description: 'A forged blade that keeps its edge through a season of kitchen prep.',
    specs: [
      { label: 'Blade length', value: '20', unit: 'cm' },
      { label: 'Material', value: 'Stainless steel', unit: '' },
    ],
  },
  {
    name: 'Lumen & Co LED Bulb E27',
    sku: 'LUM-2010',
    brand: 'Lumen & Co',
    leaf: 'Bulbs',
    description: 'A warm white LED bulb that replaces a 60 W incandescent one.',
    specs: [
      { label: 'Power', value: '9', unit: 'W' },
      { label: 'Socket', value: 'E27', unit: '' },
      { label: 'Colour temperature', value: '2700', unit: 'K' },
    ],
  },
  {
    name: 'Greenleaf Gardening Gloves',
    sku: 'GRE-2011',
    brand: 'Greenleaf',
    leaf: 'Trimmers',
    description: 'Breathable gloves with a grippy palm for pruning, weeding and trimming along hedges.',
    specs: [{ label: 'Material', value: 'Nitrile-coated cotton', unit: '' }],
    variants: {
      options: { Size: ['S', 'M', 'L', 'XL'] },
      variants: ['S', 'M', 'L', 'XL'].map((size) => ({
        sku: `GRE-2011-${size}`,
        values: [size],
        mrp: '9.90',
      })),
    },
  },
];

async function seedSpecProducts(
  db: Db,
  services: {
    products: ReturnType<typeof createProductsService>;
    gallery: ReturnType<typeof createProductImagesService>;
    sections: ReturnType<typeof createSectionsService>;
  },
  leaves: LeafRow[],
  brandRows: { id: number; name: string }[],
) {
  for (const [i, p] of SPEC_PRODUCTS.entries()) {
    const product = await services.products.create(
      {
        name: p.name,
        sku: p.sku,
        brand_id: brandRows.find((b) => b.name === p.brand)!.id,
        category_id: leaves.find((l) => l.name === p.leaf)!.id,
        description: p.description,
        mrp: 12 + i * 7.5,
        status: 'published',
      },
      ALL_RIGHTS,
    );
    await services.gallery.addBatch(product.id, [
      await prepareImage(
        await picture(SINGULAR[p.leaf], PALETTE[i % PALETTE.length]),
        IMAGE_MESSAGES.product,
      ),
    ]);
    await services.sections.createSpecGroup(product.id, {
      name: 'Specifications',
      intro: null,
      specs: p.specs,
    });
    if (p.variants) await giveDemoVariants(db, product.id, p.variants);
  }
}

const sqlInsertInquiry = (
  name: string,
  email: string,
  phone: string | null,
  company: string | null,
  subject: string,
  message: string,
  productId: number,
  createdAt: Date,
) =>
  sql`insert into inquiries (name, email, phone, company, subject, message, product_id, created_at)
      values (${name}, ${email}, ${phone}, ${company}, ${subject}, ${message}, ${productId}, ${createdAt.toISOString()})`;
