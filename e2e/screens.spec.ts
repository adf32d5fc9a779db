import { expect, type Page, test } from '@playwright/test';
import { LOGIN_TEXT } from '#domain/messages';
import { apiCreateBrand, apiCreateCategory, authHeaders, pngFile, rowWith, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import { apiAddSampleSections, apiCreateProduct, apiSetDiscount, apiUploadImages } from './products';

// Captures every screen at desktop and phone widths, in the light and the dark theme, into
// .tmp/screens for people to look at (dark ones named desktop-dark-…); each capture first waits
// for the screen's own heading, so a broken screen fails here.
const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
].flatMap((size) =>
  (['light', 'dark'] as const).map((scheme) => ({
    ...size,
    scheme,
    label: scheme === 'dark' ? `${size.label}-dark` : size.label,
  })),
);

/** The theme as a user's choice keeps it, set before the app starts. */
const useScheme = (page: Page, scheme: 'light' | 'dark') =>
  page.addInitScript((s) => localStorage.setItem('stockroom.shell.colorScheme', s), scheme);

const screens = [
  { path: '/', heading: 'Dashboard' },
  { path: '/categories', heading: 'Product Categories' },
  { path: '/brands', heading: 'Brands' },
  { path: '/users', heading: 'Users' },
  { path: '/profile', heading: 'My Profile' },
  { path: '/products', heading: 'Products' },
  { path: '/no-such-page', heading: /not found/i },
] as const;

for (const size of widths) {
  test(`screens at ${size.label} width`, async ({ page, request }) => {
    // A long flow, run four times (two widths, two themes) on a shared machine.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await useScheme(page, size.scheme);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: LOGIN_TEXT.title })).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/${size.label}-login.png`, fullPage: true });

    await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
    // Some rows with pictures, so the catalogue screens are not captured empty.
    const tag = uniqueTag('shot');
    const home = await apiCreateCategory(
      request,
      { name: `Home ${tag}` },
      await pngFile('home.png', '#4c6ef5'),
    );
    const lamps = await apiCreateCategory(
      request,
      { name: `Lamps ${tag}`, parent_id: home.id, sort_order: 1 },
      await pngFile('lamps.png', '#fab005'),
    );
    await apiCreateCategory(request, { name: `Rugs ${tag}`, parent_id: home.id, sort_order: 2 });
    const brand = await apiCreateBrand(
      request,
      { name: `Acme ${tag}`, description: 'Tools and hardware' },
      await pngFile('acme.png', '#12b886'),
    );
    await apiCreateBrand(request, { name: `Globex ${tag}` });
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { name: screen.heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const name = screen.path === '/' ? 'dashboard' : screen.path.slice(1);
      await page.screenshot({ path: `.tmp/screens/${size.label}-${name}.png`, fullPage: true });
    }
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/${size.label}-users-add.png` });

    const shot = async (name: string) => {
      // Dialogs fade in; capture them once they have settled.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `.tmp/screens/${size.label}-${name}.png` });
    };
    await page.goto('/categories');
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await expect(rowWith(page, lamps.name)).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Category' })).toBeVisible();
    await shot('categories-add');
    await page.keyboard.press('Escape');
    await rowWith(page, lamps.name).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Category' }).locator('img')).toBeVisible();
    await shot('categories-edit');
    await page.keyboard.press('Escape');
    await rowWith(page, lamps.name).getByRole('rowheader').click();
    await expect(page.getByRole('dialog', { name: 'Category Details' }).locator('img')).toBeVisible();
    await shot('categories-details');
    await page.keyboard.press('Escape');
    await rowWith(page, home.name).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete category?' })).toBeVisible();
    await shot('categories-delete');

    await page.goto('/brands');
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await rowWith(page, brand.name).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Brand' }).locator('img')).toBeVisible();
    await shot('brands-edit');
    await page.keyboard.press('Escape');
    await rowWith(page, brand.name).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete brand?' })).toBeVisible();
    await shot('brands-delete');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Brand' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Brand' })).toBeVisible();
    await shot('brands-add');
  });
}

for (const size of widths) {
  test(`discounts and inquiries at ${size.label} width`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await useScheme(page, size.scheme);
    await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
    const shot = async (name: string, fullPage = false) => {
      // Dialogs fade in; capture them once they have settled.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `.tmp/screens/${size.label}-${name}.png`, fullPage });
      // Usable at phone width means nothing sticks out sideways (wide tables scroll inside).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    };
    const tag = uniqueTag('shot');
    const headers = await authHeaders(request);
    const brand = await apiCreateBrand(request, { name: `Acme ${tag}` });
    const category = await apiCreateCategory(request, { name: `Lighting ${tag}` });
    const lamp = await apiCreateProduct(request, { name: `Brass lamp ${tag}`, mrp: 80 });
    await apiSetDiscount(request, lamp, { discountPercent: 10 });
    const discounts = [
      { name: `Summer sale ${tag}`, type: 'percent', value: 15, applies_to: 'brand', brand_id: brand.id },
      {
        name: `Clearance ${tag}`,
        type: 'amount',
        value: 5,
        applies_to: 'category',
        category_id: category.id,
        starts_at: '2030-06-01 09:00:00',
        ends_at: '2030-06-30 18:00:00',
      },
      {
        name: `Old promo ${tag}`,
        type: 'percent',
        value: 20,
        applies_to: 'product',
        product_id: lamp.id,
        ends_at: '2020-01-31 23:59:00',
        active: 0,
      },
    ];
    for (const data of discounts) {
      const res = await request.post('/api/discounts', { headers, data });
      expect(res.status(), await res.text()).toBe(201);
    }
    const senders = [
      ['Ada Lovelace', '+44 20 7946 0000', `Bulk order of brass lamps ${tag}`],
      ['Grace Hopper', null, `Delivery time to Boston ${tag}`],
      ['Linus Pauling', '+1 555 0100', `Question about the warranty ${tag}`],
    ] as const;
    for (const [name, phone, subject] of senders) {
      const res = await request.post('/api/inquiries', {
        data: {
          name,
          email: uniqueEmail(name.split(' ')[0].toLowerCase()),
          phone,
          subject,
          message: `Hello,\n\nWe would like a quote for 40 units, delivered by the end of next month.\nCould you also send the spec sheet?\n\nBest regards,\n${name}`,
          product_id: lamp.id,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto('/discounts');
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await expect(rowWith(page, `Clearance ${tag}`)).toBeVisible();
    await shot('discounts', true);
    await rowWith(page, `Clearance ${tag}`).getByRole('rowheader').click();
    await expect(
      page.getByRole('dialog', { name: 'Edit Discount' }).getByLabel('Target', { exact: true }),
    ).toHaveValue(category.name);
    await shot('discounts-edit');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Discount' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Discount' })).toBeVisible();
    await shot('discounts-add');
    await page.keyboard.press('Escape');
    await rowWith(page, `Summer sale ${tag}`).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete discount?' })).toBeVisible();
    await shot('discounts-delete');

    await page.goto('/inquiries');
    await page.getByLabel('Search', { exact: true }).fill(tag);
    const entries = page.getByRole('list', { name: 'Inquiries' }).getByRole('button');
    await expect(entries).toHaveCount(3);
    await shot('inquiries', true);
    // On a phone the list and the pane take turns: open one to see the pane.
    await entries.nth(1).click();
    await expect(page.getByRole('region', { name: senders[1][2] })).toBeVisible();
    await shot('inquiries-read', true);
  });
}

for (const size of widths) {
  test(`product screens and the quote builder at ${size.label} width`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await useScheme(page, size.scheme);
    await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
    const tag = uniqueTag('shot');
    const brand = await apiCreateBrand(request, { name: `Acme ${tag}` });
    const product = await apiCreateProduct(request, {
      name: `Brass lamp ${tag}`,
      mrp: 80,
      brand_id: brand.id,
      description: 'A warm desk lamp with a brass shade.',
    });
    await apiUploadImages(request, product.id, [
      await pngFile('lamp.png', '#4c6ef5'),
      await pngFile('lamp-side.png', '#fab005'),
    ]);
    await apiAddSampleSections(request, product.id, tag);
    await apiCreateProduct(request, { name: `Oak stool ${tag}`, mrp: 45, status: 'draft' });
    const sent = await request.post('/api/inquiries', {
      data: {
        name: 'Ada Lovelace',
        email: uniqueEmail('ada'),
        phone: null,
        subject: `Forty lamps ${tag}`,
        message: 'Hello,\nWe would like a quote for 40 units.',
        product_id: product.id,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const inquiry = await sent.json();
    const headers = await authHeaders(request);
    const quote = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();

    const shots = [
      { name: 'products-grid', path: `/products?q=${tag}`, heading: 'Products' },
      { name: 'products-table', path: `/products?q=${tag}&view=table`, heading: 'Products' },
      { name: 'product-editor', path: `/product/${product.slug}`, heading: product.name },
      { name: 'product-preview', path: `/product/${product.slug}/preview`, heading: product.name },
      { name: 'quote-builder', path: `/inquiries/${inquiry.id}/quotes/${quote.id}`, heading: /Quote/ },
    ];
    for (const shot of shots) {
      await page.goto(shot.path);
      await expect(page.getByRole('heading', { name: shot.heading, level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `.tmp/screens/${size.label}-${shot.name}.png`, fullPage: true });
    }
  });
}
