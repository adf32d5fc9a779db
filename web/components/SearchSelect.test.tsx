import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { type SearchItem, SearchSelect, typedOver } from './SearchSelect';

// A stand-in server: 120 brands, searched by name, 50 to a page, as /api/public/brands answers.
const BRANDS: SearchItem[] = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  name: `Brand ${String(i + 1).padStart(3, '0')}`,
}));

function setup(initial: SearchItem | null, fixed?: { value: string; label: string }[]) {
  const searches: string[] = [];
  const picked: (string | null)[] = [];
  function useOptions(q: string) {
    if (searches.at(-1) !== q) searches.push(q);
    return {
      data: BRANDS.filter((b) => b.name.toLowerCase().includes(q.toLowerCase())).slice(0, 50),
      isFetching: false,
    };
  }
  function Harness() {
    const [value, setValue] = useState(initial ? String(initial.id) : null);
    const [label, setLabel] = useState(initial?.name ?? null);
    return (
      <SearchSelect
        label="Brand"
        clearable
        fixed={fixed}
        value={value}
        selectedLabel={label}
        onChange={(v, l) => {
          setValue(v);
          setLabel(l);
          picked.push(l);
        }}
        useOptions={useOptions}
      />
    );
  }
  render(
    <MantineProvider theme={theme} env="test">
      <Harness />
    </MantineProvider>,
  );
  return { searches, picked, input: screen.getByLabelText('Brand', { exact: true }) as HTMLInputElement };
}

describe('SearchSelect', () => {
  it('shows a chosen value that is not on the first page, and offers the first page', async () => {
    const { input, searches } = setup(BRANDS[99]);
    expect(input.value).toBe('Brand 100');
    await userEvent.click(input);
    const options = await screen.findAllByRole('option');
    // The chosen one first, then the server's first page of 50.
    expect(options).toHaveLength(51);
    expect(options[0].textContent).toBe('Brand 100');
    expect(searches).toEqual(['']);
  });

  it('searches the server as the user types, debounced, and picks an option beyond the first page', async () => {
    const { input, searches, picked } = setup(null);
    await userEvent.click(input);
    expect(await screen.findAllByRole('option')).toHaveLength(50);
    await userEvent.type(input, '117');
    // One search for the typed text once typing pauses, not one per keystroke.
    await waitFor(() => expect(searches).toEqual(['', '117']));
    const option = await screen.findByRole('option', { name: 'Brand 117' });
    await userEvent.click(option);
    expect(picked).toEqual(['Brand 117']);
    expect(input.value).toBe('Brand 117');
  });

  it('narrows the previous answer by name until the server answers for the typed text', async () => {
    const searches: string[] = [];
    const pending = new Set<string>();
    function useOptions(q: string) {
      if (searches.at(-1) !== q) searches.push(q);
      // The server never answers a search: the first page stays, as keepPreviousData keeps it.
      if (q) pending.add(q);
      return { data: BRANDS.slice(0, 50), isFetching: q !== '', isPlaceholderData: q !== '' };
    }
    render(
      <MantineProvider theme={theme} env="test">
        <SearchSelect
          label="Brand"
          value={null}
          selectedLabel={null}
          onChange={() => {}}
          useOptions={useOptions}
        />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Brand', { exact: true });
    await userEvent.click(input);
    expect(await screen.findAllByRole('option')).toHaveLength(50);
    await userEvent.type(input, '04');
    // Brand 004 and Brand 040 to 049 from the first page, at once; the loader says a search runs.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(11));
    expect(screen.getByLabelText('Loading options')).toBeTruthy();
    await waitFor(() => expect(pending).toEqual(new Set(['04'])));
  });

  it('says nothing was found, and filters the fixed choices by the typed text', async () => {
    const { input } = setup(null, [{ value: 'all', label: 'All' }]);
    await userEvent.click(input);
    expect((await screen.findAllByRole('option'))[0].textContent).toBe('All');
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('Nothing found')).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'All' })).toBeNull();
  });

  it('works from the keyboard: arrow down and Enter choose an option', async () => {
    const { input, picked } = setup(null);
    await userEvent.click(input);
    await userEvent.type(input, 'Brand 05');
    // The server's answer for the typed text: Brand 050 to Brand 059.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(picked).toEqual(['Brand 050']));
  });
});

describe('SearchSelect with a chosen value', () => {
  it('searches for what is typed, not the chosen label plus it', async () => {
    const { input, searches } = setup(BRANDS[99]);
    await userEvent.click(input);
    // Wherever the caret lands, the label is not part of the search.
    await userEvent.type(input, '117');
    expect(input.value).toBe('117');
    await waitFor(() => expect(searches).toContain('117'));
    expect(searches.some((q) => q.includes('Brand 100'))).toBe(false);
    expect(await screen.findByRole('option', { name: 'Brand 117' })).toBeTruthy();
  });
});

describe('typedOver', () => {
  it('keeps only what was typed into a shown label', () => {
    expect(typedOver('Lamps', 'Lampsx')).toBe('x');
    expect(typedOver('Lamps', 'dLamps')).toBe('d');
    expect(typedOver('Lamps', 'Lamxyps')).toBe('xy');
    // A deletion edits the label; a replacement is taken as it is.
    expect(typedOver('Lamps', 'Lamp')).toBe('Lamp');
    expect(typedOver('All', 'cat12 Tall')).toBe('cat12 Tall');
    expect(typedOver('', 'Desk')).toBe('Desk');
  });
});
