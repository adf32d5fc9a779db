import { expect, type Locator, type Page, test } from '@playwright/test';
import { PRODUCT_TOAST } from '#domain/products';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiAddSampleSections, apiBundleOf, apiCreateProduct, openEditor, sectionCard } from './products';

/**
 * The product's sections rearranged by dragging their grips (mouse and keyboard), checked in the
 * stored layout; and a list's items typed one after another with Enter.
 */
test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

const sectionOrder = (page: Page, titles: string[]) =>
  page
    .getByRole('heading', { level: 2 })
    .allTextContents()
    .then((all) => all.filter((t) => titles.includes(t)));

const storedKinds = async (request: Parameters<typeof apiBundleOf>[0], slug: string) =>
  (await apiBundleOf(request, slug)).layout.blocks
    .filter((b) => b.block_type !== 'basic' && b.block_type !== 'images')
    .sort((x, y) => x.position - y.position)
    .map((b) => b.block_type);

async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 4, { steps: 20 });
  await page.mouse.up();
}

test('drags a section to the top by its grip, and another up by keyboard; the layout is stored', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('secdrag');
  const product = await apiCreateProduct(request, { name: `Bench ${tag}`, mrp: 80 });
  const titles = await apiAddSampleSections(request, product.id, tag);
  const all = [titles.list, titles.specs, titles.table];
  await openEditor(page, product);
  expect(await sectionOrder(page, all)).toEqual(all);

  const tableGrip = sectionCard(page, titles.table).getByRole('button', { name: `Drag ${titles.table}` });
  await tableGrip.scrollIntoViewIfNeeded();
  await drag(page, tableGrip, sectionCard(page, titles.list));
  await expect.poll(() => storedKinds(request, product.slug)).toEqual(['table', 'list', 'spec_group']);
  await expect.poll(() => sectionOrder(page, all)).toEqual([titles.table, titles.list, titles.specs]);

  // Keyboard: Space picks the section up, ArrowUp moves it, Space drops it.
  await sectionCard(page, titles.specs)
    .getByRole('button', { name: `Drag ${titles.specs}` })
    .focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up ${titles.specs}, at position 3 of 3.`)).toBeAttached();
  // The keyboard sensor listens for the arrows only from a timer it sets on pick-up; a timer set
  // now runs after it, so the arrow is never pressed before anything listens.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(`${titles.specs} is over position 2 of 3.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => storedKinds(request, product.slug)).toEqual(['table', 'spec_group', 'list']);

  await page.reload();
  await expect.poll(() => sectionOrder(page, all)).toEqual([titles.table, titles.specs, titles.list]);
  await expect(
    sectionCard(page, titles.table).getByRole('button', { name: `Move ${titles.table} up` }),
  ).toBeDisabled();
});

test('Enter in a list item adds the next item instead of saving; Save keeps them all', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('secenter');
  const product = await apiCreateProduct(request, { name: `Stool ${tag}`, mrp: 30 });
  const titles = await apiAddSampleSections(request, product.id, tag);
  await openEditor(page, product);
  const card = sectionCard(page, titles.list);
  await card.getByRole('button', { name: 'Edit' }).click();

  await card.getByLabel('Item 1', { exact: true }).press('Enter');
  // A new empty item after the first, with the cursor in it.
  const inserted = card.getByLabel('Item 2', { exact: true });
  await expect(inserted).toBeFocused();
  await expect(inserted).toHaveValue('');
  await page.keyboard.type('Waxed');
  await page.keyboard.press('Enter');
  await expect(card.getByLabel('Item 3', { exact: true })).toBeFocused();
  await expect(card.getByLabel('Item 4', { exact: true })).toHaveValue('Hand finished');
  // Nothing was saved by the Enters.
  const list = async () => (await apiBundleOf(request, product.slug)).lists[0].items.map((i) => i.caption);
  expect(await list()).toEqual(['Solid oak', 'Hand finished']);

  await page.keyboard.type('Oiled');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, PRODUCT_TOAST.listSaved)).toBeVisible();
  expect(await list()).toEqual(['Solid oak', 'Waxed', 'Oiled', 'Hand finished']);
});
