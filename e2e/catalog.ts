import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Brand } from '#domain/brands';
import type { Category } from '#domain/categories';
import { adminToken } from './fixtures';

/** A short random tag for names, so parallel tests (and repeated runs) never see each other's rows. */
export const uniqueTag = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * A small real PNG. Stored images are named by their content and shared between rows, so each
 * call gets its own random colour: deleting one test's image must not depend on another test's.
 */
export async function pngFile(
  name = 'pixel.png',
  background = `#${randomBytes(3).toString('hex')}`,
): Promise<UploadFile> {
  const buffer = await sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A few hundred kilobytes of noise (PNG barely compresses it), for a visible upload. */
export async function noisyPngFile(): Promise<UploadFile> {
  const buffer = await sharp({
    create: {
      width: 400,
      height: 400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return { name: 'noise.png', mimeType: 'image/png', buffer };
}

export const textFile: UploadFile = {
  name: 'notes.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('hello'),
};

/** Declared as a PNG but one byte over the 5 MB limit: only the size check can refuse it. */
export const oversizedPng = (): UploadFile => ({
  name: 'huge.png',
  mimeType: 'image/png',
  buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
});

export const authHeaders = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await adminToken(request)}`,
});

type CategoryInput = { name: string; slug?: string; parent_id?: number | null; sort_order?: number };

export async function apiCreateCategory(
  request: APIRequestContext,
  input: CategoryInput,
  image?: UploadFile,
): Promise<Category> {
  const headers = await authHeaders(request);
  const res = image
    ? await request.post('/api/categories', {
        headers,
        multipart: {
          name: input.name,
          slug: input.slug ?? '',
          parent_id: input.parent_id == null ? '' : String(input.parent_id),
          sort_order: String(input.sort_order ?? 0),
          image,
        },
      })
    : await request.post('/api/categories', { headers, data: input });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function apiGetCategory(request: APIRequestContext, id: number) {
  return request.get(`/api/categories/${id}`, { headers: await authHeaders(request) });
}

export async function apiCreateBrand(
  request: APIRequestContext,
  input: { name: string; slug?: string; description?: string },
  logo?: UploadFile,
): Promise<Brand> {
  const res = await request.post('/api/brands', {
    headers: await authHeaders(request),
    multipart: {
      name: input.name,
      slug: input.slug ?? '',
      description: input.description ?? '',
      ...(logo && { logo }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function apiGetBrand(request: APIRequestContext, id: number) {
  return request.get(`/api/brands/${id}`, { headers: await authHeaders(request) });
}

/** Body rows only (the header row has column headers, not cells). */
export const bodyRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

/** The row headed by `name` (a child's row also shows its parent's name, in a plain cell). */
export const rowWith = (page: Page, name: string) =>
  bodyRows(page).filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** Picks a file through the field's own button, as a person does (the file input is hidden). */
export async function chooseFile(page: Page, scope: Locator, label: string, file: UploadFile) {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByLabel(label, { exact: true }).click();
  await (await chooser).setFiles(file);
}

/** A Mantine select: open it, then pick the option (typing first narrows a long list). */
export async function pickOption(page: Page, scope: Locator, label: string, option: string, type = false) {
  const input = scope.getByLabel(label, { exact: true });
  if (type) await input.fill(option);
  else await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until the image has really loaded (a broken URL leaves naturalWidth at 0). */
export async function expectImageLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** Counts writes to the API (anything but GET) for as long as the page lives. */
export function countWrites(page: Page, pathPart: string) {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes(pathPart)) writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
}
