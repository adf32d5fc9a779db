import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MissingTranslationFilter } from './ProductFilters';

const renderFilter = (value: string | undefined, onChange = vi.fn()) => {
  renderWithProviders(
    [{ path: '/products', element: <MissingTranslationFilter value={value} onChange={onChange} /> }],
    '/products',
  );
  return onChange;
};

describe('the "Missing translation" filter', () => {
  it('offers each language but the default, and sets missing_translation to the one chosen', async () => {
    fakeApi({ 'GET /locales': () => ({ default: 'en', locales: ['en', 'de', 'fr'] }) });
    const onChange = renderFilter(undefined);
    const select = await screen.findByLabelText('Missing translation');
    expect((select as HTMLInputElement).value).toBe('None');
    await userEvent.click(select);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['None', 'German (de)', 'French (fr)']);
    await userEvent.click(screen.getByRole('option', { name: 'German (de)' }));
    expect(onChange).toHaveBeenCalledWith('missing_translation', 'de');
  });

  it('shows the chosen locale, and clears it with "None"', async () => {
    fakeApi({ 'GET /locales': () => ({ default: 'en', locales: ['en', 'de'] }) });
    const onChange = renderFilter('de');
    const select = await screen.findByLabelText('Missing translation');
    expect((select as HTMLInputElement).value).toBe('German (de)');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'None' }));
    expect(onChange).toHaveBeenCalledWith('missing_translation', undefined);
  });

  it('is not shown when the shop has one language', async () => {
    const server = fakeApi({ 'GET /locales': () => ({ default: 'en', locales: ['en'] }) });
    renderFilter(undefined);
    await waitFor(() => expect(server.to('GET /locales')).toHaveLength(1));
    // Give the answer a render.
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByLabelText('Missing translation')).toBeNull();
  });
});
