import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { TotalCount } from './TotalCount';

const show = (props: Parameters<typeof TotalCount>[0]) =>
  render(
    <MantineProvider theme={theme}>
      <TotalCount {...props} testId="total" />
    </MantineProvider>,
  );

describe('TotalCount', () => {
  it('names a single one', () => {
    show({ count: 1, singular: 'product' });
    expect(screen.getByTestId('total').textContent).toBe('1 product');
  });

  it('groups the digits of a large exact total', () => {
    show({ count: 100000, singular: 'category', plural: 'categories' });
    expect(screen.getByTestId('total').textContent).toBe('100,000 categories');
  });

  it('rounds an estimate to two figures and says it is one', () => {
    show({ count: 13140, singular: 'product', exact: false });
    const total = screen.getByTestId('total');
    expect(total.textContent).toBe('about 13,000 products');
    expect(total.getAttribute('title')).toMatch(/estimate/i);
  });
});
