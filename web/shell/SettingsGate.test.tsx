import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { formatCents, formatPrice, setStoreCurrency } from '../api/currency';
import { createQueryClient } from '../api/queryClient';
import { setStoreTimeZone, storeTimeZone } from '../api/time-zone';
import { theme } from '../theme';
import { SettingsGate } from './SettingsGate';

function Prices() {
  return (
    <p data-testid="prices">
      {formatPrice(1234.5)} / {formatCents(999n)}
    </p>
  );
}

const renderGate = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <SettingsGate>
          <Prices />
        </SettingsGate>
      </QueryClientProvider>
    </MantineProvider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
  setStoreCurrency('USD');
  setStoreTimeZone('UTC');
});

describe('the store currency comes from the server', () => {
  it("shows every price in the server's CURRENCY, asked once before any screen renders", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ data: { currency: 'EUR' } });
    renderGate();
    expect(screen.queryByTestId('prices')).toBeNull();
    expect(await screen.findByTestId('prices')).toHaveProperty('textContent', '€1,234.50 / €9.99');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.[0]).toBe('/public/settings');
  });

  it('another currency, another symbol: nothing names USD by itself', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ data: { currency: 'INR' } });
    renderGate();
    expect((await screen.findByTestId('prices')).textContent).toBe('₹1,234.50 / ₹9.99');
  });
});

describe("the seller's time zone comes from the server", () => {
  it("counts days in the server's TIMEZONE once the settings have come", async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ data: { currency: 'EUR', time_zone: 'Pacific/Auckland' } });
    renderGate();
    await screen.findByTestId('prices');
    expect(storeTimeZone()).toBe('Pacific/Auckland');
  });

  it('counts in UTC when the server names no zone, or one this browser does not know', async () => {
    setStoreTimeZone('Europe/Paris');
    vi.spyOn(api, 'get').mockResolvedValue({ data: { currency: 'EUR', time_zone: 'Mars/Olympus' } });
    renderGate();
    await screen.findByTestId('prices');
    expect(storeTimeZone()).toBe('UTC');
  });
});
