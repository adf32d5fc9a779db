/**
 * The product with sizes the variant-lines browser test asks for, seeded before the server starts
 * (server/cli/e2e-seed-variants.ts): each size its own SKU and price.
 */
export const VARIANT_GLOVES = {
  slug: 'e2e-variant-gloves',
  name: 'E2E Variant Gloves',
  sku: 'E2E-GLV',
  sizes: { S: 8, M: 9, L: 11.5 },
} as const;
