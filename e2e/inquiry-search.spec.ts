import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Inquiry } from '#domain/inquiries';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

const SHOTS = process.env.SHOTS_DIR;

/** A request with a basket, as the shop sends it (the route is public), and one more of the same tag. */
async function sendRequests(request: APIRequestContext) {
  const tag = uniqueTag('find');
  const product = await apiCreateProduct(request, {
    name: `${tag} Bench Vice`,
    sku: `VICE-${tag}`,
    mrp: 40,
    status: 'published',
  });
  const send = async (data: object) => {
    const res = await request.post('/api/inquiries', { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Inquiry;
  };
  const wanted = await send({
    name: 'Ingrid Holm',
    email: uniqueEmail('ingrid'),
    phone: '+47 22 33 44 55',
    subject: `Workshop vices ${tag}`,
    message: 'Six vices for the workshop.',
    company: `Holm Mekanikk ${tag}`,
    lines: [{ product_id: product.id, quantity: 6 }],
  });
  const other = await send({
    name: 'Per Berg',
    email: uniqueEmail('per'),
    phone: null,
    subject: `Other question ${tag}`,
    message: 'Something else.',
    company: 'Berg Bygg',
  });
  return { tag, wanted, other };
}

const inbox = (page: Page) => page.getByRole('list', { name: 'Inquiries' });
const entries = (page: Page) => inbox(page).getByRole('button');
const searchBox = (page: Page) => page.getByLabel('Search', { exact: true });
const pane = (page: Page, subject: string) => page.getByRole('region', { name: subject, exact: true });
const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and commands' });

/**
 * The screen at 1280 and 390 px, and dark at 1280, for a person to look at (SHOTS_DIR): each
 * loaded afresh at its width, then brought back to the state to show; the test goes on from
 * that state at 1280 px.
 */
async function shoot(page: Page, name: string, show: (width: number) => Promise<void>) {
  if (!SHOTS) return;
  for (const [width, height, scheme] of [
    [1280, 800, 'light'],
    [390, 844, 'light'],
    [1280, 800, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await show(width);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}${scheme === 'dark' ? '-dark' : ''}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await show(1280);
}

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('the inbox finds a request by the reference the customer was given, and by its company', async ({
  page,
  request,
}) => {
  const { wanted, other } = await sendRequests(request);
  await page.goto('/inquiries');
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();

  // As it stands on the thank-you page and in the e-mail's subject: Q-000123.
  await searchBox(page).fill(wanted.reference);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(wanted.reference);
  await expect(pane(page, wanted.subject)).toBeVisible();
  await expect(pane(page, wanted.subject).getByTestId('inquiry-reference')).toContainText(wanted.reference);
  await expect(page).toHaveURL(new RegExp(`q=${wanted.reference}`));
  await shoot(page, 'inbox-reference', async (width) => {
    // A phone opens on the chosen request; its list is one step back.
    if (width < 600) await page.getByRole('button', { name: 'Back to list' }).click();
    await expect(entries(page)).toHaveCount(1);
    await expect(searchBox(page)).toHaveValue(wanted.reference);
  });

  // Typed short, in lower case, the same request.
  await searchBox(page).fill(`q-${wanted.id}`);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(wanted.subject);

  // The company, in any case, finds it and not the other request.
  await searchBox(page).fill(wanted.company!.toUpperCase());
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(wanted.subject);
  await searchBox(page).fill(`Q-${String(other.id).padStart(6, '0')}`);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(other.subject);

  // A SKU from its basket.
  await searchBox(page).fill(wanted.lines[0].sku!.toLowerCase());
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(wanted.subject);
});

test('the inbox forgives a typo and a word form, as the shop does', async ({ page, request }) => {
  const { tag, wanted } = await sendRequests(request);
  await page.goto('/inquiries');
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
  // "Mekanick" for the company's "Mekanikk": one letter wrong.
  await searchBox(page).fill(`holm mekanick ${tag}`);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(wanted.subject);
  await expect(pane(page, wanted.subject)).toBeVisible();
  await shoot(page, 'inbox-typo', async (width) => {
    if (width < 600) await page.getByRole('button', { name: 'Back to list' }).click();
    await expect(entries(page)).toHaveCount(1);
  });
  // The subject's "Workshop vices", in another order and form.
  await searchBox(page).fill(`vice workshops ${tag}`);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(wanted.subject);
});

test('Ctrl+K finds a request by its reference and Enter opens it', async ({ page, request }) => {
  const { wanted } = await sendRequests(request);
  const found = palette(page)
    .getByRole('group', { name: 'Inquiries' })
    .getByRole('option', { name: new RegExp(wanted.reference) });
  const search = async () => {
    await expect(page.getByRole('button', { name: 'Search and commands' })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+K');
    await expect(palette(page)).toBeVisible();
    // Keys typed before the search field takes the focus are lost on a busy machine.
    await expect(palette(page).getByRole('combobox', { name: 'Search and commands' })).toBeFocused();
    await page.keyboard.type(wanted.reference);
    await expect(found).toBeVisible();
    await expect(palette(page).getByText('Searching…')).toBeHidden();
  };
  await page.goto('/');
  await search();
  await expect(found).toContainText(wanted.company!);
  await expect(palette(page).getByRole('option')).toHaveCount(1);
  await shoot(page, 'palette-reference', search);

  await page.keyboard.press('ArrowDown');
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/inquiries\\?.*selected=${wanted.id}`));
  await expect(pane(page, wanted.subject)).toBeVisible();
  await expect(pane(page, wanted.subject)).toContainText(wanted.company!);
});
