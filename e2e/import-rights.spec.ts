import { expect, test } from '@playwright/test';
import { IMPORT_TEXT } from '#domain/imports';
import { authHeaders, uniqueTag } from './catalog';
import { createUser, signInWithStorage } from './fixtures';

// An import asks the rights of what the file would change: the wizard says which one is missing
// and does not offer to apply, and a refusal by the server is said in the wizard as it was given.
test('the import wizard says why a file cannot be imported, before and when the server refuses it', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('imp');
  const role = await request.post('/api/roles', {
    headers,
    data: {
      name: `Importer ${tag}`,
      permissions: ['catalogue.read', 'import.run', 'product.edit', 'product.price'],
    },
  });
  expect(role.status(), await role.text()).toBe(201);
  const { key } = (await role.json()) as { key: string };
  const importer = await createUser(request, { name: `Ivo ${tag}`, role: key });
  await signInWithStorage(page, request, importer.email, importer.password);

  await page.goto('/products');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import products from CSV' });
  await wizard.locator('input[type="file"]').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,name,mrp\n${tag}-1,Priced ${tag},9.99\n`),
  });
  await wizard.getByRole('button', { name: 'Check file' }).click();
  await expect(wizard.getByTestId('report-created')).toHaveText('1', { timeout: 20_000 });
  const apply = wizard.getByRole('button', { name: 'Import 1 row' });
  await expect(apply).toBeVisible();

  // The role loses "Change prices" while the wizard is open: the server refuses, the wizard says why.
  const cut = await request.patch(`/api/roles/${key}`, {
    headers,
    data: { permissions: ['catalogue.read', 'import.run', 'product.edit'] },
  });
  expect(cut.status(), await cut.text()).toBe(200);
  await apply.click();
  await expect(wizard.getByTestId('import-refused')).toHaveText(IMPORT_TEXT.needsRight('product.price'));
  // Its rights read again, it no longer offers to import this file, and says so.
  await expect(wizard.getByTestId('import-not-allowed')).toHaveText(IMPORT_TEXT.needsRight('product.price'));
  await expect(apply).toBeHidden();
  const found = await request.get(`/api/products?q=${tag}`, { headers });
  expect((await found.json()).data).toEqual([]);
});
