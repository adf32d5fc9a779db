import { expect, test } from '@playwright/test';
import { apiCreateCategory, uniqueTag } from './catalog';
import { apiAddSection, apiCreateProduct } from './products';
import { cards } from './shop';

// A visitor, no sign-in: the shop's search forgives a typo and a plural, and its spec facets narrow.

test('a visitor types "cordles drils", finds the drills and narrows them by a spec facet', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('find');
  const category = await apiCreateCategory(request, { name: `Drivers ${tag}` });
  const make = async (name: string, volts: string) => {
    const product = await apiCreateProduct(request, {
      name: `${name} ${tag}`,
      mrp: 99,
      category_id: category.id,
    });
    await apiAddSection(request, product.id, 'spec_group', {
      name: 'Power',
      intro: null,
      specs: [{ label: 'Voltage', value: volts, unit: 'V' }],
    });
    return product;
  };
  const big = await make('Cordless Drill', '18');
  const small = await make('Cordless Drill Compact', '12');
  const saw = await make('Corded Saw', '230');

  await page.goto('/shop');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(`cordles drils ${tag}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=cordles\+drils/);
  // The words as a phrase in the name come first.
  await expect(cards(page)).toHaveText([big.name, small.name]);
  await expect(page.locator('.cards')).not.toContainText(saw.name);

  // The facet counts what the search found, and a value narrows it.
  const voltage = page.getByRole('group', { name: 'Voltage' });
  await expect(voltage).toContainText('12 V (1)');
  await expect(voltage).toContainText('18 V (1)');
  await voltage.getByRole('checkbox', { name: /18 V/ }).check();
  await page.getByRole('button', { name: 'Apply filters', exact: true }).click();
  await expect(page).toHaveURL(/spec\.Voltage=18/);
  await expect(cards(page)).toHaveText([big.name]);
  // The chip drops the filter again.
  await page.getByRole('link', { name: /Voltage: 18 V/ }).click();
  await expect(cards(page)).toHaveText([big.name, small.name]);
});

test('a visitor finds a value by its bare number, its unit however written, and a size', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('unit');
  const make = async (name: string, specs: { label: string; value: string; unit: string }[]) => {
    const product = await apiCreateProduct(request, { name: `${name} ${tag}`, mrp: 12 });
    await apiAddSection(request, product.id, 'spec_group', { name: 'Specifications', intro: null, specs });
    return product;
  };
  const hose = await make('Hose Connector', [{ label: 'Diameter', value: '19', unit: 'mm' }]);
  const lamp = await make('Reading Lamp', [{ label: 'Colour temperature', value: '2700', unit: 'K' }]);
  const bolt = await make('Hex Bolt M8', [{ label: 'Length', value: '40', unit: 'mm' }]);
  const long = await make('Hex Bolt M8 Long', [{ label: 'Length', value: '60', unit: 'mm' }]);

  const search = async (q: string) => {
    await page.goto('/shop');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(`${q} ${tag}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=/);
  };
  /** The page found, at 1280 and 390 px, for a person to look at (SHOTS_DIR). */
  const shoot = async (name: string) => {
    if (!process.env.SHOTS_DIR) return;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/shop-${name}-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };
  await search('hose 19');
  await expect(cards(page)).toHaveText([hose.name]);
  await shoot('hose-19');
  await search('2700K');
  await expect(cards(page)).toHaveText([lamp.name]);
  await shoot('2700k');
  await search('M8x40');
  await expect(cards(page)).toHaveText([bolt.name]);
  await shoot('m8x40');
  await expect(page.locator('.cards')).not.toContainText(long.name);
  await search('bolt 60');
  await expect(cards(page)).toHaveText([long.name]);
});
