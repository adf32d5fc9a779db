import { expect, type Page, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import { INQUIRY_TEXT } from '#domain/inquiries';
import { VALIDATION } from '#domain/messages';
import { PRODUCT_CONFIRM, PRODUCT_STATUS_TEXT, PRODUCT_TOAST } from '#domain/products';
import { SECTION_MESSAGES } from '#domain/sections';
import {
  apiCreateBrand,
  apiCreateCategory,
  authHeaders,
  countWrites,
  expectImageLoaded,
  pickOption,
  pngFile,
  textFile,
  type UploadFile,
  uniqueTag,
} from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import {
  apiAddSampleSections,
  apiAddSection,
  apiBundleOf,
  apiCreateProduct,
  apiPublicBundle,
  apiSetDiscount,
  apiStaffBundle,
  apiUploadImages,
  openEditor,
  sectionCard,
} from './products';

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

const openProducts = async (page: Page, search?: string) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  if (search) await page.getByLabel('Search', { exact: true }).fill(search);
};

const productCard = (page: Page, name: string) => page.getByTestId('product-card').filter({ hasText: name });

/** Picks several files through the field's own button, as a person does. */
async function chooseFiles(page: Page, label: string, files: UploadFile[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel(label, { exact: true }).click();
  await (await chooser).setFiles(files);
}

/** The h2 headings of the content sections, in page order. */
const sectionOrder = (page: Page, titles: string[]) =>
  page
    .getByRole('heading', { level: 2 })
    .allTextContents()
    .then((all) => all.filter((t) => titles.includes(t)));

test('creates a product from the list and continues to its editor', async ({ page, request }) => {
  const tag = uniqueTag('prod');
  const brand = await apiCreateBrand(request, { name: `Brand ${tag}` });
  const category = await apiCreateCategory(request, { name: `Chairs ${tag}` });
  const writes = countWrites(page, '/api/products');
  await openProducts(page, tag);
  await expect(page.getByText('No products found.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Product' });
  await dialog.getByRole('button', { name: 'Create & Continue' }).click();
  await expect(toast(page, VALIDATION.nameRequired)).toBeVisible();
  expect(writes).toEqual([]);
  // A new product is a draft unless Publish now is switched on.
  await expect(dialog.getByRole('switch', { name: PRODUCT_STATUS_TEXT.publishNow })).not.toBeChecked();

  const name = `Oak chair ${tag}`;
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('SKU').fill(`SKU-${tag}`);
  await pickOption(page, dialog, 'Brand', brand.name, true);
  await pickOption(page, dialog, 'Primary Category', category.name, true);
  await dialog.getByLabel('Description', { exact: true }).fill('A sturdy chair');
  await dialog.getByLabel('MRP').fill('19.99');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/products'));
  await dialog.getByRole('button', { name: 'Create & Continue' }).click();
  expect((await posted).postDataJSON()).toEqual({
    name,
    sku: `SKU-${tag}`,
    brand_id: brand.id,
    category_id: category.id,
    description: 'A sturdy chair',
    mrp: 19.99,
    status: 'draft',
  });
  await expect(toast(page, PRODUCT_TOAST.productCreated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/oak-chair-${tag}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`oak-chair-${tag}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Preview' })).toHaveAttribute(
    'href',
    `/product/oak-chair-${tag}/preview`,
  );

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.getByLabel('Search', { exact: true }).fill(tag);
  const card = productCard(page, name);
  await expect(card).toContainText('No Image');
  await expect(card).toContainText('A sturdy chair');
  await expect(card).toContainText(brand.name);
  await expect(card).toContainText(category.name);
  await expect(card.getByTestId('final-price')).toHaveText('$19.99');
  // Nothing off: the MRP is the price, shown once.
  await expect(card.getByTestId('mrp')).toHaveCount(0);
  await expect(card.getByTestId('product-status')).toHaveText(PRODUCT_STATUS_TEXT.draft);
  await expect(page.getByTestId('products-total')).toHaveText('1 product');

  // The card is a link: keyboard users reach the editor with Enter.
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('edits basic and price with a percent discount; the list shows the saved price', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('price');
  const brand = await apiCreateBrand(request, { name: `Maker ${tag}` });
  const product = await apiCreateProduct(request, { name: `Desk lamp ${tag}`, mrp: 19.99 });
  const writes = countWrites(page, '/api/products');
  await openEditor(page, product);

  const card = sectionCard(page, 'Basic and Price');
  await expect(card).toContainText('$19.99');
  await expect(card.getByRole('link', { name: 'Manage Discounts' })).toHaveAttribute('href', '/discounts');
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Name', { exact: true }).fill('  ');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, VALIDATION.nameRequired)).toBeVisible();
  expect(writes).toEqual([]);

  const renamed = `Desk lamp XL ${tag}`;
  await card.getByLabel('Name', { exact: true }).fill(renamed);
  await card.getByLabel('SKU').fill(`L-${tag}`);
  await pickOption(page, card, 'Brand', brand.name, true);
  await card.getByLabel('Description', { exact: true }).fill('Bright and adjustable');
  await expect(card.getByRole('radio', { name: 'Percent' })).toBeChecked();
  await card.getByLabel('Discount value').fill('15');
  await expect(card.getByTestId('final-price-preview')).toContainText('$16.99');
  await expect(card.getByTestId('final-price-preview')).toContainText('saves $3.00');

  const put = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith(`/api/products/${product.id}`),
  );
  await card.getByRole('button', { name: 'Save' }).click();
  expect((await put).postDataJSON()).toEqual({
    name: renamed,
    sku: `L-${tag}`,
    description: 'Bright and adjustable',
    brand_id: brand.id,
    category_id: null,
    pricing: { mrp: 19.99, discountPercent: 15 },
    // Made through the API without a status, so published; the form keeps it so.
    status: 'published',
  });
  await expect(toast(page, PRODUCT_TOAST.saved)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(card).toContainText(renamed);
  await expect(card).toContainText(brand.name);
  await expect(card).toContainText('15% OFF (saves $3.00)');
  await expect(card).toContainText('$16.99');

  // Cancel reloads: what was typed is gone, the stored values show; the form reopens prefilled.
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(card.getByLabel('Discount value')).toHaveValue('15');
  await card.getByLabel('Name', { exact: true }).fill('Not kept');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText(renamed);
  await expect(card).not.toContainText('Not kept');

  await openProducts(page, tag);
  const listCard = productCard(page, renamed);
  await expect(listCard.getByTestId('final-price')).toHaveText('$16.99');
  await expect(listCard.getByTestId('mrp')).toHaveText('MRP $19.99');
  await expect(listCard.getByTestId('mrp')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(listCard).toContainText('15% OFF');

  // An amount discount instead: the badge names the money off. The card is drawn again when the
  // search's answer arrives, and a click on the one it replaces goes nowhere.
  await expect(async () => {
    await listCard.click();
    await expect(page).toHaveURL(/\/product\/[^/?]+$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByText('Amount', { exact: true }).click();
  await card.getByLabel('Discount value').fill('5');
  await expect(card.getByTestId('final-price-preview')).toContainText('$14.99');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, PRODUCT_TOAST.saved)).toBeVisible();
  await openProducts(page, tag);
  await expect(productCard(page, renamed)).toContainText('$5.00 OFF');
  await expect(productCard(page, renamed).getByTestId('final-price')).toHaveText('$14.99');
});

test('uploads two images with a progress bar and deletes one', async ({ page, request }) => {
  const tag = uniqueTag('img');
  const product = await apiCreateProduct(request, { name: `Vase ${tag}`, mrp: 10 });
  const writes = countWrites(page, '/api/products');
  await openEditor(page, product);
  const card = sectionCard(page, 'Images');
  await expect(card).toContainText('No images yet.');
  await expect(card.getByRole('button', { name: 'Upload' })).toBeDisabled();

  // A text file is refused before any upload.
  await chooseFiles(page, 'Add images', [textFile]);
  await expect(toast(page, VALIDATION.imageType)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Upload' })).toBeDisabled();
  expect(writes).toEqual([]);

  await chooseFiles(page, 'Add images', [await pngFile('red.png'), await pngFile('blue.png')]);
  // Hold the request a moment so the progress bar can be seen while it is under way.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/images/batch', async (route) => {
    await held;
    await route.continue();
  });
  const posted = page.waitForRequest((r) => r.url().endsWith('/images/batch'));
  await card.getByRole('button', { name: 'Upload' }).click();
  // At 0% the bar has no width yet; its live text says what is going on.
  await expect(card.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
  await expect(card.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Upload' })).toBeDisabled();
  release();
  expect((await posted).headers()['content-type']).toMatch(/^multipart\/form-data/);
  await expect(toast(page, PRODUCT_TOAST.imagesUploaded)).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveCount(0);

  const images = card.getByRole('listitem');
  await expect(images).toHaveCount(2);
  for (const img of await card.getByRole('img').all()) {
    await expect(img).toHaveAttribute('src', /-thumb\.webp$/);
    await expectImageLoaded(img);
  }
  const before = (await apiBundleOf(request, product.slug)).images;
  expect(before).toHaveLength(2);

  await card.getByRole('button', { name: 'Delete image 1' }).click();
  // Deleting asks first.
  const confirm = page.getByRole('dialog', { name: PRODUCT_CONFIRM.deleteImageTitle });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(images).toHaveCount(1);
  const after = (await apiBundleOf(request, product.slug)).images;
  expect(after.map((i) => i.id)).toEqual([before[1].id]);

  // The list card shows the remaining image instead of 'No Image'.
  await openProducts(page, tag);
  const listImage = productCard(page, product.name).locator('img');
  await expect(listImage).toHaveAttribute('src', /-thumb\.webp$/);
  await expectImageLoaded(listImage);
  await expect(productCard(page, product.name)).not.toContainText('No Image');
});

test('adds a list, key-values and a table through Add Section', async ({ page, request }) => {
  const tag = uniqueTag('sect');
  const product = await apiCreateProduct(request, { name: `Sofa ${tag}`, mrp: 499 });
  const writes = countWrites(page, '/api/products');
  await openEditor(page, product);
  await expect(page.getByText('No sections yet.', { exact: false })).toBeVisible();

  const open = async () => {
    await page.getByRole('button', { name: 'Add Section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Section' });
    await expect(dialog.getByText('Choose a section to continue.')).toBeVisible();
    return dialog;
  };

  // List: empty items are dropped, and with none left nothing is sent.
  let dialog = await open();
  await dialog.getByRole('radio', { name: 'List' }).click();
  await dialog.getByLabel('Title').fill(`Features ${tag}`);
  await dialog.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(toast(page, SECTION_MESSAGES.listRequired)).toBeVisible();
  expect(writes).toEqual([]);
  await dialog.getByLabel('Item 1', { exact: true }).fill('Soft cushions');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Item 2', { exact: true }).fill('Removable');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Item 3', { exact: true }).fill('Gone again');
  await dialog.getByRole('button', { name: 'Remove item 3' }).click();
  await expect(dialog.getByLabel('Item 3', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  const listPost = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/lists'));
  await dialog.getByRole('button', { name: 'Save & Continue' }).click();
  expect((await listPost).postDataJSON()).toEqual({
    title: `Features ${tag}`,
    description: null,
    items: [{ caption: 'Soft cushions' }, { caption: 'Removable' }],
  });
  await expect(toast(page, PRODUCT_TOAST.listAdded)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const list = sectionCard(page, `Features ${tag}`);
  await expect(list.getByRole('listitem')).toHaveText(['Soft cushions', 'Removable']);

  // Key-Values: a row without a value is dropped.
  dialog = await open();
  await dialog.getByRole('radio', { name: 'Key-Values' }).click();
  await dialog.getByLabel('Group name').fill(`Specs ${tag}`);
  await dialog.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(toast(page, SECTION_MESSAGES.specsRequired)).toBeVisible();
  await dialog.getByLabel('Intro').fill('Measured by hand');
  await dialog.getByLabel('Label 1', { exact: true }).fill('Width');
  await dialog.getByLabel('Value 1', { exact: true }).fill('210');
  await dialog.getByLabel('Unit 1', { exact: true }).fill('cm');
  await dialog.getByRole('button', { name: 'Add row' }).click();
  await dialog.getByLabel('Label 2', { exact: true }).fill('Colour');
  const specPost = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/spec-groups'));
  await dialog.getByRole('button', { name: 'Save & Continue' }).click();
  expect((await specPost).postDataJSON()).toEqual({
    name: `Specs ${tag}`,
    intro: 'Measured by hand',
    specs: [{ label: 'Width', value: '210', unit: 'cm' }],
  });
  await expect(toast(page, PRODUCT_TOAST.specsAdded)).toBeVisible();
  const specs = sectionCard(page, `Specs ${tag}`);
  await expect(specs.getByRole('row', { name: 'Width 210 cm' })).toBeVisible();

  // Table: columns from the comma text, one cell per column.
  dialog = await open();
  await dialog.getByRole('radio', { name: 'Table' }).click();
  await dialog.getByLabel('Heading').fill(`Sizes ${tag}`);
  await dialog.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(toast(page, SECTION_MESSAGES.tableRequired)).toBeVisible();
  await dialog.getByLabel('Columns').fill('Size, , Seats ');
  await dialog.getByLabel('Size (row 1)').fill('Small');
  await dialog.getByLabel('Seats (row 1)').fill('2');
  await dialog.getByRole('button', { name: 'Add row' }).click();
  await dialog.getByLabel('Size (row 2)').fill('Large');
  await dialog.getByLabel('Note').fill('Custom sizes on request');
  const tablePost = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/tables'));
  await dialog.getByRole('button', { name: 'Save & Continue' }).click();
  expect((await tablePost).postDataJSON()).toEqual({
    heading: `Sizes ${tag}`,
    intro: null,
    columns: ['Size', 'Seats'],
    rows: [
      ['Small', '2'],
      ['Large', ''],
    ],
    note: 'Custom sizes on request',
  });
  await expect(toast(page, PRODUCT_TOAST.tableAdded)).toBeVisible();
  const table = sectionCard(page, `Sizes ${tag}`);
  await expect(table.getByRole('columnheader')).toHaveText(['Size', 'Seats']);
  await expect(table.getByRole('row', { name: 'Small 2' })).toBeVisible();
  await expect(table).toContainText('Custom sizes on request');

  expect(await sectionOrder(page, [`Features ${tag}`, `Specs ${tag}`, `Sizes ${tag}`])).toEqual([
    `Features ${tag}`,
    `Specs ${tag}`,
    `Sizes ${tag}`,
  ]);
});

test('edits, moves and removes content sections', async ({ page, request }) => {
  const tag = uniqueTag('blocks');
  const product = await apiCreateProduct(request, { name: `Table ${tag}`, mrp: 250 });
  const titles = await apiAddSampleSections(request, product.id, tag);
  await openEditor(page, product);
  const all = [titles.list, titles.specs, titles.table];
  expect(await sectionOrder(page, all)).toEqual(all);

  // The moves that would fail at the edges are disabled there.
  // Each Move button names its section, so a screen reader's list of buttons tells them apart.
  await expect(
    sectionCard(page, titles.list).getByRole('button', { name: `Move ${titles.list} up` }),
  ).toBeDisabled();
  await expect(
    sectionCard(page, titles.table).getByRole('button', { name: `Move ${titles.table} down` }),
  ).toBeDisabled();
  await sectionCard(page, titles.table)
    .getByRole('button', { name: `Move ${titles.table} up` })
    .click();
  await expect.poll(() => sectionOrder(page, all)).toEqual([titles.list, titles.table, titles.specs]);
  await expect(
    sectionCard(page, titles.specs).getByRole('button', { name: `Move ${titles.specs} down` }),
  ).toBeDisabled();
  const layout = (await apiBundleOf(request, product.slug)).layout.blocks
    .filter((b) => b.block_type !== 'basic' && b.block_type !== 'images')
    .map((b) => b.block_type);
  expect(layout).toEqual(['list', 'table', 'spec_group']);

  // Edit the list: the toggle opens the form with the stored values; Save keeps the change.
  const list = sectionCard(page, titles.list);
  await list.getByRole('button', { name: 'Edit' }).click();
  await expect(list.getByLabel('Item 1', { exact: true })).toHaveValue('Solid oak');
  await list.getByLabel('Title').fill('');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, SECTION_MESSAGES.listRequired)).toBeVisible();
  const renamed = `Why buy ${tag}`;
  await list.getByLabel('Title').fill(renamed);
  await list.getByLabel('Item 2', { exact: true }).fill('Oiled by hand');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, PRODUCT_TOAST.listSaved)).toBeVisible();
  const saved = sectionCard(page, renamed);
  await expect(saved.getByRole('listitem')).toHaveText(['Solid oak', 'Oiled by hand']);
  await expect(saved.getByRole('button', { name: 'Edit' })).toBeVisible();

  // View drops an unsaved edit.
  const specs = sectionCard(page, titles.specs);
  await specs.getByRole('button', { name: 'Edit' }).click();
  await specs.getByLabel('Value 1', { exact: true }).fill('999');
  await specs.getByRole('button', { name: 'View' }).click();
  await expect(specs.getByRole('row', { name: 'Width 120 cm' })).toBeVisible();

  // Edit the table's cells and save.
  const table = sectionCard(page, titles.table);
  await table.getByRole('button', { name: 'Edit' }).click();
  await table.getByLabel('Price (row 2)').fill('$329');
  await table.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, PRODUCT_TOAST.tableSaved)).toBeVisible();
  await expect(table.getByRole('row', { name: 'Large 6 $329' })).toBeVisible();

  // The save's toast and the editor's fixed bar sit at the bottom, where scrolling to the button
  // would leave it; in the middle of the screen neither covers it. On a slow run the toasts stack
  // up the screen as far as the middle, so the save's toast goes first.
  await expect(toast(page, PRODUCT_TOAST.tableSaved)).toBeHidden({ timeout: 10_000 });
  const remove = specs.getByRole('button', { name: 'Remove' });
  await remove.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await remove.click();
  await expect(toast(page, PRODUCT_TOAST.sectionRemoved)).toBeVisible();
  await expect(specs).toHaveCount(0);
  const bundle = await apiBundleOf(request, product.slug);
  expect(bundle.specGroups).toEqual([]);
  expect(bundle.lists.map((l) => l.title)).toEqual([renamed]);
});

test('deletes a product after confirmation', async ({ page, request }) => {
  const tag = uniqueTag('del');
  const product = await apiCreateProduct(request, { name: `Stool ${tag}`, mrp: 30 });
  await apiUploadImages(request, product.id, [await pngFile('stool.png')]);
  await openEditor(page, product);

  await page.getByRole('button', { name: 'Delete Product' }).click();
  const dialog = page.getByRole('dialog', { name: PRODUCT_CONFIRM.deleteTitle });
  await expect(dialog).toContainText(PRODUCT_CONFIRM.deleteText);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await apiStaffBundle(request, product.slug)).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete Product' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(product.name))).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  // No 'Failed to load product' for the page that was just left.
  await expect(toast(page, 'Product not found')).toHaveCount(0);
  expect((await apiStaffBundle(request, product.slug)).status()).toBe(404);
  expect((await apiPublicBundle(request, product.slug)).status()).toBe(404);

  await page.goto(`/product/${product.slug}`);
  await expect(page.getByText('Product not found').first()).toBeVisible();
});

test('previews a product and sends a quote request', async ({ page, request }) => {
  const tag = uniqueTag('quote');
  const brand = await apiCreateBrand(request, { name: `Brand ${tag}` });
  const category = await apiCreateCategory(request, { name: `Lighting ${tag}` });
  const product = await apiCreateProduct(request, {
    name: `Floor lamp ${tag}`,
    sku: `FL-${tag}`,
    brand_id: brand.id,
    category_id: category.id,
    description: 'Warm light for reading',
    mrp: 19.99,
  });
  await apiSetDiscount(request, product, { discountPercent: 15 });
  await apiUploadImages(request, product.id, [await pngFile('a.png'), await pngFile('b.png')]);
  const titles = await apiAddSampleSections(request, product.id, tag);

  // 'Loading...' while the bundle is on its way.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/bundle', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/product/${product.slug}/preview`);
  await expect(page.getByText('Loading...')).toBeVisible();
  release();

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Warm light for reading');
  await expect(main).toContainText(brand.name);
  await expect(main).toContainText(category.name);
  await expect(main).toContainText(`FL-${tag}`);
  await expect(main).toContainText('$19.99');
  await expect(main).toContainText('15% OFF');
  await expect(page.getByTestId('preview-final-price')).toHaveText('$16.99');
  await expect(page.getByRole('button', { name: 'Show image 1' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Show image 2' }).click();
  await expect(page.getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-pressed', 'true');
  // The large image is the full one; the thumbnails are decorative inside their named buttons.
  const large = page.getByRole('img', { name: product.name, exact: true });
  await expect(large).not.toHaveAttribute('src', /-thumb\.webp$/);
  await expectImageLoaded(large);
  await expect(sectionCard(page, titles.list).getByRole('listitem')).toHaveText([
    'Solid oak',
    'Hand finished',
  ]);
  await expect(sectionCard(page, titles.table).getByRole('columnheader')).toHaveText([
    'Size',
    'Seats',
    'Price',
  ]);
  // Read-only: no editing controls in the preview.
  await expect(main.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  const writes = countWrites(page, '/api/inquiries');
  await page.getByRole('button', { name: 'Request Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Quote' });
  await expect(dialog.getByLabel('Subject')).toHaveValue(new RegExp(`${product.name}.*FL-${tag}`));
  await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(`${product.name} \\(SKU: FL-${tag}\\)`));
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, INQUIRY_TEXT.required)).toBeVisible();
  expect(writes).toEqual([]);

  const email = `buyer-${tag}@e2e.test`;
  await dialog.getByLabel('Name').fill('Grace Buyer');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('+1 555 0100');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/inquiries'));
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect((await posted).postDataJSON()).toMatchObject({
    name: 'Grace Buyer',
    email,
    phone: '+1 555 0100',
    product_id: product.id,
  });
  await expect(toast(page, INQUIRY_TEXT.sent)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const res = await request.get(`/api/inquiries?q=${encodeURIComponent(email)}`, {
    headers: await authHeaders(request),
  });
  expect((await res.json()).data).toMatchObject([
    { name: 'Grace Buyer', email, product: { id: product.id, slug: product.slug } },
  ]);
});

test('pages through the products on the server', async ({ page, request }) => {
  const tag = uniqueTag('page');
  for (let i = 1; i <= 25; i++)
    await apiCreateProduct(request, { name: `Item ${String(i).padStart(2, '0')} ${tag}` });
  const lists: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().includes('/api/products?')) lists.push(new URL(r.url()).search);
  });
  await openProducts(page, tag);
  await expect(page.getByTestId('products-total')).toHaveText('25 products');
  await expect(page.getByTestId('product-card')).toHaveCount(24);
  // Newest first.
  await expect(page.getByTestId('product-card').first()).toContainText(`Item 25 ${tag}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('product-card')).toContainText(`Item 01 ${tag}`);
  await expect(page.getByText('Page 2 / 2')).toBeVisible();
  expect(lists).toContain(`?q=${tag}&page=2&limit=24`);
  expect(lists.every((q) => !/sortBy|order/.test(q))).toBe(true);

  await page.getByLabel('Search', { exact: true }).fill(`${tag}-nothing`);
  await expect(page.getByText('No products found.')).toBeVisible();
});

test('a new section goes after the existing ones', async ({ page, request }) => {
  const tag = uniqueTag('append');
  const product = await apiCreateProduct(request, { name: `Bench ${tag}`, mrp: 80 });
  await apiAddSection(request, product.id, 'list', { title: `First ${tag}`, items: [{ caption: 'One' }] });
  await openEditor(page, product);
  await page.getByRole('button', { name: 'Add Section' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Section' });
  await dialog.getByRole('radio', { name: 'List' }).click();
  await dialog.getByLabel('Title').fill(`Second ${tag}`);
  await dialog.getByLabel('Item 1', { exact: true }).fill('Two');
  await dialog.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(toast(page, PRODUCT_TOAST.listAdded)).toBeVisible();
  await expect(sectionCard(page, `Second ${tag}`)).toBeVisible();
  expect(await sectionOrder(page, [`First ${tag}`, `Second ${tag}`])).toEqual([
    `First ${tag}`,
    `Second ${tag}`,
  ]);
  const second = sectionCard(page, `Second ${tag}`);
  await expect(second.getByRole('button', { name: `Move Second ${tag} down` })).toBeDisabled();
  await expect(second.getByRole('button', { name: `Move Second ${tag} up` })).toBeEnabled();
});

test('a product made as a draft is hidden from visitors until it is published from the editor', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('draft');
  const name = `Walnut shelf ${tag}`;
  await openProducts(page, tag);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Product' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('MRP').fill('80');
  await dialog.getByRole('button', { name: 'Create & Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const slug = `walnut-shelf-${tag}`;
  await expect(page).toHaveURL(new RegExp(`/product/${slug}$`));

  // The editor says it is a draft, offers Publish, and has no shop page to show yet.
  await expect(page.getByTestId('product-status')).toHaveText(PRODUCT_STATUS_TEXT.draft);
  await expect(page.getByRole('button', { name: PRODUCT_STATUS_TEXT.publish, exact: true })).toBeVisible();
  const shopButton = page.getByRole('button', { name: PRODUCT_STATUS_TEXT.viewInShop });
  await expect(shopButton).toBeDisabled();
  await expect(shopButton).toHaveAccessibleDescription(PRODUCT_STATUS_TEXT.viewInShopDraft);
  await shopButton.hover();
  await expect(page.getByRole('tooltip')).toHaveText(PRODUCT_STATUS_TEXT.viewInShopDraft);
  await expect(page.getByRole('link', { name: PRODUCT_STATUS_TEXT.viewInShop })).toHaveCount(0);
  expect((await apiPublicBundle(request, slug)).status()).toBe(404);

  // Saving Basic and Price keeps it a draft.
  const card = sectionCard(page, 'Basic and Price');
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Description', { exact: true }).fill('Solid walnut, wall mounted');
  const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/products/'));
  await card.getByRole('button', { name: 'Save' }).click();
  expect((await saved).postDataJSON()).toMatchObject({
    description: 'Solid walnut, wall mounted',
    status: 'draft',
  });
  await expect(toast(page, PRODUCT_TOAST.saved)).toBeVisible();
  await expect(page.getByTestId('product-status')).toHaveText(PRODUCT_STATUS_TEXT.draft);
  expect((await apiPublicBundle(request, slug)).status()).toBe(404);

  await openProducts(page, tag);
  await expect(productCard(page, name).getByTestId('product-status')).toHaveText(PRODUCT_STATUS_TEXT.draft);

  await page.goto(`/product/${slug}/preview`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(PRODUCT_STATUS_TEXT.draftBanner);

  // Publish: the stored fields go back unchanged with the new status, and the button flips.
  await openEditor(page, { slug, name });
  const published = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/products/'));
  await page.getByRole('button', { name: PRODUCT_STATUS_TEXT.publish, exact: true }).click();
  expect((await published).postDataJSON()).toEqual({
    name,
    sku: null,
    description: 'Solid walnut, wall mounted',
    brand_id: null,
    category_id: null,
    pricing: { mrp: 80 },
    status: 'published',
  });
  await expect(toast(page, PRODUCT_STATUS_TEXT.publishedToast)).toBeVisible();
  await expect(page.getByTestId('product-status')).toHaveText(PRODUCT_STATUS_TEXT.published);
  await expect(page.getByRole('button', { name: PRODUCT_STATUS_TEXT.unpublish, exact: true })).toBeVisible();
  const shopLink = page.getByRole('link', { name: PRODUCT_STATUS_TEXT.viewInShop });
  await expect(shopLink).toHaveAttribute('href', `/shop/${slug}`);
  await expect(shopLink).toHaveAttribute('target', '_blank');
  const bundle = await apiPublicBundle(request, slug);
  expect(bundle.status()).toBe(200);
  expect((await bundle.json()).base).toMatchObject({ name, status: 'published' });

  await openProducts(page, tag);
  await expect(productCard(page, name)).toBeVisible();
  await expect(productCard(page, name).getByTestId('product-status')).toHaveCount(0);
  await page.goto(`/product/${slug}/preview`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(PRODUCT_STATUS_TEXT.draftBanner)).toHaveCount(0);

  // Unpublish takes it back, with no question asked.
  await openEditor(page, { slug, name });
  await page.getByRole('button', { name: PRODUCT_STATUS_TEXT.unpublish, exact: true }).click();
  await expect(toast(page, PRODUCT_STATUS_TEXT.unpublishedToast)).toBeVisible();
  await expect(page.getByTestId('product-status')).toHaveText(PRODUCT_STATUS_TEXT.draft);
  await expect(page.getByRole('button', { name: PRODUCT_STATUS_TEXT.publish, exact: true })).toBeVisible();
  expect((await apiPublicBundle(request, slug)).status()).toBe(404);
});

test('Publish now in the create dialog publishes the product at once', async ({ page, request }) => {
  const tag = uniqueTag('pub');
  const name = `Linen throw ${tag}`;
  await openProducts(page, tag);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Product' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('MRP').fill('35');
  const publishNow = dialog.getByRole('switch', { name: PRODUCT_STATUS_TEXT.publishNow });
  await expect(publishNow).not.toBeChecked();
  await publishNow.check();
  await expect(publishNow).toBeChecked();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/products'));
  await dialog.getByRole('button', { name: 'Create & Continue' }).click();
  expect((await posted).postDataJSON()).toMatchObject({ name, mrp: 35, status: 'published' });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('product-status')).toHaveText(PRODUCT_STATUS_TEXT.published);
  const slug = `linen-throw-${tag}`;
  await expect(page.getByRole('link', { name: PRODUCT_STATUS_TEXT.viewInShop })).toHaveAttribute(
    'href',
    `/shop/${slug}`,
  );
  expect((await apiPublicBundle(request, slug)).status()).toBe(200);

  await openProducts(page, tag);
  await expect(productCard(page, name)).toBeVisible();
  await expect(productCard(page, name).getByTestId('product-status')).toHaveCount(0);
});

test("a draft's preview takes no quote request, and says why", async ({ page, request }) => {
  const tag = uniqueTag('dq');
  const draft = await apiCreateProduct(request, { name: `Hidden lamp ${tag}`, mrp: 40, status: 'draft' });
  const writes = countWrites(page, '/api/inquiries');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/product/${draft.slug}/preview`);
  const button = page.getByRole('button', { name: 'Request Quote' });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription(PRODUCT_STATUS_TEXT.quoteDraft);
  await expect(page.getByText(PRODUCT_STATUS_TEXT.quoteDraft)).toBeVisible();
  await page.screenshot({ path: '/tmp/sec-shots/preview-draft-1280.png' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Request Quote' })).toHaveCount(0);
  expect(writes).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByText(PRODUCT_STATUS_TEXT.quoteDraft)).toBeVisible();
  await page.screenshot({ path: '/tmp/sec-shots/preview-draft-390-dark.png', fullPage: true });
});
