import '@mantine/spotlight/styles.css';
import { Group, Loader, Modal, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { TEXT_LIMITS } from '#domain/constants';
import type { PermissionCode } from '#domain/permissions';
import { PRODUCT_LIST } from '#domain/product-list';
import { useBrands } from '../../api/brands';
import { useCategories } from '../../api/categories';
import { useCompanies, useCustomers } from '../../api/customers';
import { useInquiries } from '../../api/inquiries';
import { useProducts } from '../../api/products';
import { useRoleName } from '../../api/roles';
import { useUsers } from '../../api/users';
import { INQUIRY_URL_DEFAULTS, listParams } from '../../components/inquiry/urlState';
import { useOpenCreate } from '../../components/useCreateParam';
import { SEARCH_DEBOUNCE_MS } from '../../components/useListState';
import { usePermissions } from '../../session/usePermissions';
import { NAV_ITEMS } from '../navItems';
import { HOTKEYS } from '../shortcuts/shortcuts';
import {
  actionItems,
  brandItem,
  categoryItem,
  companyItem,
  customerItem,
  inquiryItem,
  type PaletteGroup,
  type PaletteItem,
  productItem,
  screenItems,
  userItem,
} from './paletteItems';
import { announceSelection, paletteStore, selectFirstAction } from './paletteStore';
import { PALETTE_TEXT } from './texts';

/** Matches per kind: a glance, not a list; the list screens page through the rest. */
const PER_KIND = 5;

const RESULTS_ID = 'command-palette-results';
/** A line's id is its place in the list, the same index the palette's store selects by. */
const optionId = (index: number) => `command-palette-option-${index}`;

const SR_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/**
 * Ctrl+K / ⌘K (and the top bar's Search button): jump to a screen, run a create action, or find a
 * product, category, brand, inquiry, customer, company or (for admins) user by what the server's
 * lists match.
 */
export function CommandPalette() {
  const [query, setQuery] = useState('');
  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={HOTKEYS.palette}
      // Ctrl+K opens the palette from a text field too: it is a modifier chord, not typing.
      tagsToIgnore={[]}
      triggerOnContentEditable
      scrollable
      maxHeight={480}
      // The chosen line's description stays fully opaque: dimmed white on the primary colour
      // falls short of the contrast text needs.
      styles={{ action: { '--action-description-opacity': 1 } as CSSProperties }}
    >
      {/* The dialog's name; the palette shows no visible title. */}
      <Modal.Title style={SR_ONLY}>{PALETTE_TEXT.name}</Modal.Title>
      <PaletteSearch />
      <PaletteBody query={query} />
    </Spotlight.Root>
  );
}

/**
 * The search box as a combobox over the results' listbox: the arrow keys move the choice (the
 * store's `selected`, whose line has the matching id) and screen readers announce it.
 */
function PaletteSearch() {
  const { selected } = useSpotlight(paletteStore);
  return (
    <Spotlight.Search
      placeholder={PALETTE_TEXT.placeholder}
      aria-label={PALETTE_TEXT.name}
      role="combobox"
      aria-expanded
      aria-controls={RESULTS_ID}
      aria-autocomplete="list"
      aria-activedescendant={selected >= 0 ? optionId(selected) : undefined}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') announceSelection();
      }}
      maxLength={TEXT_LIMITS.search}
      leftSection={<IconSearch size={20} stroke={1.5} aria-hidden />}
    />
  );
}

/** Inside the palette's dialog, so mounted only while it is open: its searches run only then. */
function PaletteBody({ query }: { query: string }) {
  const { has } = usePermissions();
  const typed = query.trim().slice(0, TEXT_LIMITS.search);
  const [searched] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const local: PaletteGroup[] = [
    { label: PALETTE_TEXT.groups.screens, items: screenItems(typed, has) },
    { label: PALETTE_TEXT.groups.actions, items: actionItems(typed, has) },
  ];
  if (!typed) return <Results groups={local} pending={false} showEmpty={false} />;
  const props = { q: searched, local, typing: searched !== typed, has };
  // Each kind is searched only with the right to read it: the server would answer 403.
  return has('user.manage') ? <AdminSearch {...props} /> : <StaffSearch {...props} />;
}

type SearchProps = {
  q: string;
  local: PaletteGroup[];
  typing: boolean;
  has: (code: PermissionCode) => boolean;
};

type KindResults = { label: string; query: UseQueryResult<unknown>; items: PaletteItem[] };

function useStaffSearch(q: string, has: SearchProps['has']): KindResults[] {
  const catalogue = has('catalogue.read');
  const controls = { q, page: 1, limit: PER_KIND, order: 'asc' } as const;
  // No sort of its own: a search without one lists the best matches first (product-search.ts).
  const products = useProducts(
    { ...controls, sortBy: PRODUCT_LIST.defaultSort, order: PRODUCT_LIST.defaultOrder },
    catalogue,
  );
  const categories = useCategories({ ...controls, sortBy: 'name', parentId: null }, catalogue);
  const brands = useBrands({ ...controls, sortBy: 'name' }, catalogue);
  // The inbox's own defaults (newest first, no filter), searched, first page.
  const inquiries = useInquiries(
    { ...listParams(INQUIRY_URL_DEFAULTS), q, limit: PER_KIND },
    has('inquiry.read'),
  );
  // Customers by name, e-mail, phone or company; companies by name (the lists' own searches).
  const customersShown = has('customer.read');
  const customers = useCustomers({ ...controls, sortBy: 'name' }, customersShown);
  const companies = useCompanies({ ...controls, sortBy: 'name' }, customersShown);
  const kinds: (KindResults & { shown: boolean })[] = [
    {
      label: PALETTE_TEXT.groups.products,
      query: products,
      items: products.data?.data.map(productItem) ?? [],
      shown: catalogue,
    },
    {
      label: PALETTE_TEXT.groups.categories,
      query: categories,
      items: categories.data?.data.map(categoryItem) ?? [],
      shown: catalogue,
    },
    {
      label: PALETTE_TEXT.groups.brands,
      query: brands,
      items: brands.data?.data.map(brandItem) ?? [],
      shown: catalogue,
    },
    {
      label: PALETTE_TEXT.groups.inquiries,
      query: inquiries,
      items: inquiries.data?.data.map((i) => inquiryItem(i, q)) ?? [],
      shown: has('inquiry.read'),
    },
    {
      label: PALETTE_TEXT.groups.customers,
      query: customers,
      items: customers.data?.data.map((c) => customerItem(c, q)) ?? [],
      shown: customersShown,
    },
    {
      label: PALETTE_TEXT.groups.companies,
      query: companies,
      items: companies.data?.data.map((c) => companyItem(c, q)) ?? [],
      shown: customersShown,
    },
  ];
  return kinds.filter((k) => k.shown);
}

function StaffSearch({ q, local, typing, has }: SearchProps) {
  return <Found found={useStaffSearch(q, has)} local={local} typing={typing} />;
}

function AdminSearch({ q, local, typing, has }: SearchProps) {
  const found = useStaffSearch(q, has);
  const users = useUsers({ q, page: 1, limit: PER_KIND, sortBy: 'name', order: 'asc' });
  const roleName = useRoleName();
  const all = [
    ...found,
    {
      label: PALETTE_TEXT.groups.users,
      query: users,
      items: users.data?.data.map((u) => userItem(u, roleName)) ?? [],
    },
  ];
  return <Found found={all} local={local} typing={typing} />;
}

function Found({ found, local, typing }: { found: KindResults[]; local: PaletteGroup[]; typing: boolean }) {
  const pending = typing || found.some((f) => f.query.isFetching);
  return <Results groups={[...local, ...found]} pending={pending} showEmpty={!pending} />;
}

function Results({
  groups,
  pending,
  showEmpty,
}: {
  groups: PaletteGroup[];
  pending: boolean;
  showEmpty: boolean;
}) {
  const navigate = useNavigate();
  const openCreate = useOpenCreate();
  const { selected } = useSpotlight(paletteStore);
  const shown = groups.filter((g) => g.items.length > 0);
  const signature = shown.flatMap((g) => g.items.map((i) => i.id)).join('|');

  // New results put the choice back on the first line, so Enter never picks one that has gone.
  useEffect(() => {
    selectFirstAction(signature !== '');
  }, [signature]);

  const run = (item: PaletteItem) => (item.create ? openCreate(item.to) : navigate(item.to));

  let index = 0;
  return (
    <>
      {shown.length > 0 && (
        <Spotlight.ActionsList id={RESULTS_ID} role="listbox" aria-label={PALETTE_TEXT.results}>
          {shown.map((group) => (
            <Spotlight.ActionsGroup
              key={group.label}
              label={group.label}
              role="group"
              aria-label={group.label}
            >
              {group.items.map((item) => {
                const at = index++;
                const Icon = item.create ? IconPlus : NAV_ITEMS.find((n) => n.path === item.iconPath)?.icon;
                return (
                  <Spotlight.Action
                    key={item.id}
                    // Spotlight.Action keeps an `id` prop to itself, so the line's id is set here.
                    ref={(el) => {
                      if (el) el.id = optionId(at);
                    }}
                    role="option"
                    aria-selected={at === selected}
                    label={item.label}
                    description={item.description}
                    leftSection={Icon && <Icon size={20} stroke={1.5} aria-hidden />}
                    highlightQuery
                    onClick={() => run(item)}
                  />
                );
              })}
            </Spotlight.ActionsGroup>
          ))}
        </Spotlight.ActionsList>
      )}
      <div role="status" aria-live="polite">
        {pending ? (
          <Group gap="xs" justify="center" p="sm">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              {PALETTE_TEXT.searching}
            </Text>
          </Group>
        ) : (
          showEmpty && shown.length === 0 && <Spotlight.Empty>{PALETTE_TEXT.nothingFound}</Spotlight.Empty>
        )}
      </div>
    </>
  );
}
