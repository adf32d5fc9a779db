import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ProductBase } from '#domain/products';
import { apiCreateBrand, apiCreateCategory, pngFile, uniqueTag } from './catalog';
import {
  apiAddSampleSections,
  apiCreateProduct,
  apiSetDiscount,
  apiUpdateProduct,
  apiUploadImages,
} from './products';

/** The visitors' shop: a small catalogue of its own per test, made through the staff API. */

/** Publishes or withdraws a product, keeping everything else as it is. */
export const apiSetStatus = (
  request: APIRequestContext,
  product: ProductBase,
  status: 'draft' | 'published',
) => apiUpdateProduct(request, product, { status });

/**
 * A root category with a child, a brand, and three published products (a drill in the child,
 * with two images, sections and a discount; a bench in the root; a lamp in the child) and a
 * draft, all named with one tag so that other tests' products never show.
 */
export async function makeShopCatalogue(request: APIRequestContext) {
  const tag = uniqueTag('shop');
  const root = await apiCreateCategory(request, { name: `Workshop ${tag}` });
  const child = await apiCreateCategory(request, { name: `Drills ${tag}`, parent_id: root.id });
  const brand = await apiCreateBrand(request, { name: `Makers ${tag}` });
  const drill = await apiCreateProduct(request, {
    name: `Cordless Drill ${tag}`,
    sku: `DR-${tag}`,
    mrp: 120,
    brand_id: brand.id,
    category_id: child.id,
    description: 'A compact drill for everyday work.',
  });
  await apiSetDiscount(request, drill, { discountPercent: 10 });
  await apiUploadImages(request, drill.id, [await pngFile('a.png'), await pngFile('b.png')]);
  const sections = await apiAddSampleSections(request, drill.id, tag);
  const bench = await apiCreateProduct(request, {
    name: `Work Bench ${tag}`,
    sku: `WB-${tag}`,
    mrp: 250,
    category_id: root.id,
  });
  const lamp = await apiCreateProduct(request, {
    name: `Task Lamp ${tag}`,
    mrp: 35,
    brand_id: brand.id,
    category_id: child.id,
  });
  const draft = await apiCreateProduct(request, {
    name: `Unreleased Saw ${tag}`,
    mrp: 80,
    category_id: child.id,
    status: 'draft',
  });
  return { tag, root, child, brand, drill, bench, lamp, draft, sections };
}

/** The catalogue's product cards, by the product names their links show. */
export const cards = (page: Page) => page.locator('.cards').getByRole('heading', { level: 2 });

/** The catalogue's filters panel: its summary ("Filters (2)"), the category tree, the brand. */
export const filters = (page: Page) => ({
  toggle: page.locator('summary.filters-toggle'),
  categories: page.getByRole('navigation', { name: 'Categories' }),
  brand: page.getByLabel('Brand', { exact: true }),
  apply: page.getByRole('button', { name: 'Apply', exact: true }),
});

/** The header's quote link: its name carries the basket's count once there is one. */
export const quoteLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Quote/ });

/** Opens a product's page and adds it to the quote with a quantity. */
export async function addToQuote(page: Page, product: { slug: string; name: string }, quantity: number) {
  await page.goto(`/shop/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Add to quote' }).click();
  await expect(page.getByRole('status')).toContainText(`${product.name} was added to your quote.`);
}

/** Fills the basket page's contact form. */
export async function fillContact(page: Page, contact: { name: string; email: string; message: string }) {
  await page.getByLabel('Name').fill(contact.name);
  await page.getByLabel('Email').fill(contact.email);
  await page.getByLabel('Company').fill('Example Works');
  await page.getByLabel('Message').fill(contact.message);
}

/** axe on the page as it is: no serious or critical issue. */
export async function expectNoSeriousAxeIssues(page: Page, label: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${label}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Nothing on the page is wider than the window (no sideways scrolling at phone width). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
