import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Discount } from '#domain/discounts';
import type { PermissionCode } from '#domain/permissions';
import { api } from '../../api/client';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { DiscountsTable } from './DiscountsTable';
import { DISCOUNT_SCREEN } from './texts';

const discount = (fields: Partial<Discount>): Discount => ({
  id: 1,
  name: 'Spring',
  title: 'Spring',
  type: 'percent',
  value: 10,
  applies_to: 'product',
  product_id: 7,
  category_id: null,
  brand_id: null,
  target_name: 'Oak chair',
  starts_at: null,
  ends_at: null,
  active: 1,
  editor_owned: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...fields,
});

/** A session whose role has exactly these rights (a custom role: discounts, not prices). */
function signedInWith(permissions: PermissionCode[]) {
  const me = { ...signedInAs('editor'), role: 'discounts', role_name: 'Discounts', permissions };
  vi.spyOn(api, 'get').mockImplementation(async (url) => {
    if (url === '/me') return { data: me };
    return { data: { data: [] } };
  });
}

const rows = [
  discount({ id: 1, name: 'Own price cut', editor_owned: true }),
  discount({
    id: 2,
    name: 'Brand sale',
    applies_to: 'brand',
    product_id: null,
    brand_id: 3,
    target_name: 'Nordic',
  }),
];

function renderTable() {
  const table = (
    <DiscountsTable
      discounts={rows}
      loading={false}
      failed={false}
      togglingId={null}
      deletingId={null}
      onEdit={() => {}}
      onToggle={() => {}}
      onDelete={() => {}}
    />
  );
  renderWithProviders([{ path: '/', element: table }], '/');
}

afterEach(() => vi.restoreAllMocks());

describe('DiscountsTable', () => {
  it("offers no change to a product's own discount to a role without the price right", async () => {
    signedInWith(['catalogue.read', 'discount.edit']);
    renderTable();
    const own = (await screen.findByText('Own price cut')).closest('tr') as HTMLElement;
    const brand = screen.getByText('Brand sale').closest('tr') as HTMLElement;
    await waitFor(() => expect(brand.querySelector('button')).not.toBeNull());
    expect(own.querySelector('button')).toBeNull();
    expect(own.textContent).toContain(DISCOUNT_SCREEN.priceLocked);
    expect((own.querySelector('input[type="checkbox"]') as HTMLInputElement).disabled).toBe(true);
    expect((brand.querySelector('input[type="checkbox"]') as HTMLInputElement).disabled).toBe(false);
  });

  it('offers both to a role with the price right', async () => {
    signedInWith(['catalogue.read', 'discount.edit', 'product.price']);
    renderTable();
    const own = (await screen.findByText('Own price cut')).closest('tr') as HTMLElement;
    await waitFor(() => expect(own.querySelectorAll('button')).toHaveLength(2));
    expect(own.textContent).not.toContain(DISCOUNT_SCREEN.priceLocked);
    expect((own.querySelector('input[type="checkbox"]') as HTMLInputElement).disabled).toBe(false);
  });
});
