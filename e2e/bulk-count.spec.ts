import { expect, type Page, type Route, test } from '@playwright/test';
import { BULK_TEXT } from '#domain/product-list';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiCreateProduct } from './products';

/**
 * Holds every dry run of /api/products/bulk until the test lets it through, and records what was
 * applied for real, so the dialog can be watched between "asked" and "counted".
 */
async function holdDryRuns(page: Page) {
  const held: Route[] = [];
  const applied: unknown[] = [];
  await page.route('**/api/products/bulk', async (route) => {
    const body = route.request().postDataJSON() as { dry_run?: boolean };
    if (body.dry_run) held.push(route);
    else {
      applied.push(body);
      await route.continue();
    }
  });
  return {
    applied,
    /** Waits for the dry run of these fields to be asked, then lets every held one answer. */
    async release(fields: { by: string; value: string }) {
      const asked = () =>
        held.some((route) => {
          const body = route.request().postDataJSON() as { by?: string; value?: string };
          return body.by === fields.by && body.value === fields.value;
        });
      await expect.poll(asked).toBe(true);
      for (const route of held.splice(0)) await route.continue();
    },
    waiting: () => held.length,
  };
}

test('Change price applies only after the count for the current inputs is shown, and repeats it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('bulkcount');
  for (const name of ['One', 'Two']) await apiCreateProduct(request, { name: `${tag} ${name}`, mrp: 10 });
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  const dryRuns = await holdDryRuns(page);

  await page.goto(`/products?view=table&q=${tag}`);
  await expect(page.getByTestId('product-row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select this page' }).check();
  const openDialog = async () => {
    await page.getByRole('button', { name: 'Bulk actions' }).click();
    await page.getByRole('menuitem', { name: BULK_TEXT.actionLabels.adjust_price }).click();
    return page.getByRole('dialog', { name: BULK_TEXT.actionLabels.adjust_price });
  };
  let dialog = await openDialog();
  const apply = dialog.getByRole('button', { name: /^Apply/ });
  const preview = dialog.getByTestId('bulk-preview');

  // Asked but not answered: no count, no Apply.
  await dialog.getByLabel(/^Percent/).fill('10');
  await expect.poll(dryRuns.waiting).toBeGreaterThan(0);
  await expect(apply).toBeDisabled();
  await expect(preview).not.toContainText('will change');
  await dryRuns.release({ by: 'percent', value: '10' });
  await expect(preview).toHaveText(BULK_TEXT.willChange(2));
  await expect(apply).toBeEnabled();
  await expect(apply).toHaveText('Apply to 2 products');

  // Another mode makes the count stale at once, until the new one arrives.
  await dialog.getByText(BULK_TEXT.adjustmentLabels.amount).click();
  await expect(apply).toBeDisabled();
  await expect(preview).not.toContainText('will change');
  await dryRuns.release({ by: 'amount', value: '10' });
  await expect(preview).toHaveText(BULK_TEXT.willChange(2));
  await expect(apply).toBeEnabled();

  // So does another value, and going back to one counted before asks again.
  await dialog.getByLabel(/^Amount/).fill('5');
  await expect(apply).toBeDisabled();
  await dryRuns.release({ by: 'amount', value: '5' });
  await expect(apply).toBeEnabled();
  await dialog.getByText(BULK_TEXT.adjustmentLabels.percent).click();
  await dialog.getByLabel(/^Percent/).fill('10');
  await expect(apply).toBeDisabled();
  await expect(preview).not.toContainText('will change');
  await dryRuns.release({ by: 'percent', value: '10' });
  await expect(apply).toBeEnabled();

  // Closed and opened again with the same inputs: a fresh count, not a remembered one.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openDialog();
  await dialog.getByLabel(/^Percent/).fill('10');
  await expect.poll(dryRuns.waiting).toBeGreaterThan(0);
  await expect(apply).toBeDisabled();
  await expect(preview).not.toContainText('will change');
  expect(dryRuns.applied).toEqual([]);
  await dryRuns.release({ by: 'percent', value: '10' });
  await expect(apply).toHaveText('Apply to 2 products');
  await apply.click();
  await expect(toast(page, BULK_TEXT.changed(2))).toBeVisible();
  expect(dryRuns.applied).toHaveLength(1);
});
