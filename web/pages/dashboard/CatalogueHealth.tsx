import { Anchor, Badge, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BACKUP_TEXT } from '#domain/backups';
import type { Dashboard } from '#domain/dashboard';
import type { ProductFilterKey } from '#domain/product-list';
import { formatDateTime } from '../../components/format';
import { SkeletonLines } from '../../components/SkeletonLines';
import classes from './Dashboard.module.css';
import { DashboardCard } from './DashboardCard';
import { DASHBOARD_TEXT, missingText } from './texts';

type Health = Dashboard['health'];

type Entry = { key: number; to: string; title: string; detail: ReactNode };
/** A link to the whole list behind a card: the list screen, filtered to what the card counts. */
type ListLink = { to: string; label: string };

/**
 * The products list filtered by its own URL names (domain/product-list.ts), as the products
 * screen reads them.
 */
const productsWhere = (filter: Partial<Record<ProductFilterKey, string>>) =>
  `/products?${new URLSearchParams(filter)}`;

/** One health list: its entries as links to the fix, or an all-clear line; below, the whole list. */
function HealthList({
  title,
  list,
  entries,
  clear,
  links,
}: {
  title: string;
  list: { count: number } | undefined;
  entries: Entry[];
  clear: string;
  links: ListLink[];
}) {
  return (
    <DashboardCard title={title} order={3} count={list?.count}>
      {!list ? (
        <SkeletonLines rows={3} />
      ) : list.count === 0 ? (
        <Group gap="xs" wrap="nowrap" py="xs">
          <ThemeIcon variant="light" color="teal" size="sm" radius="xl" aria-hidden>
            <IconCircleCheck size={14} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {clear}
          </Text>
        </Group>
      ) : (
        <Stack gap="xs">
          <ul className={classes.list}>
            {entries.map((entry) => (
              <li key={entry.key}>
                <Link to={entry.to} className={classes.entry}>
                  <Text size="sm" className={classes.entryTitle} lineClamp={2}>
                    {entry.title}
                  </Text>
                  <Text size="xs" c="dimmed" component="div">
                    {entry.detail}
                  </Text>
                </Link>
              </li>
            ))}
          </ul>
          {list.count > entries.length && (
            <Text size="xs" c="dimmed">
              {DASHBOARD_TEXT.moreThanShown(entries.length, list.count)}
            </Text>
          )}
          <Group gap="md">
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm" fw={500}>
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Stack>
      )}
    </DashboardCard>
  );
}

/** Scheduled backups (when BACKUP_EVERY is set): the last good one, or why it is a worry. */
function BackupLine({ backup }: { backup: NonNullable<Health['backup']> }) {
  const warn = backup.warning !== null || backup.last_failed_at !== null;
  return (
    <Group gap="xs" wrap="nowrap" mt="md" data-testid="backup-health">
      <ThemeIcon variant="light" color={warn ? 'orange' : 'teal'} size="sm" radius="xl" aria-hidden>
        {warn ? <IconAlertTriangle size={14} /> : <IconCircleCheck size={14} />}
      </ThemeIcon>
      <Text size="sm" c={warn ? undefined : 'dimmed'}>
        {backup.warning ? `${BACKUP_TEXT[backup.warning]} ` : ''}
        {backup.last_good_at && (
          <>
            {BACKUP_TEXT.lastGood}:{' '}
            <time dateTime={backup.last_good_at}>{formatDateTime(backup.last_good_at)}</time>
            {backup.last_good_file ? ` (${backup.last_good_file})` : ''}.{' '}
          </>
        )}
        {backup.last_failed_at && (
          <>
            {BACKUP_TEXT.lastFailed}:{' '}
            <time dateTime={backup.last_failed_at}>{formatDateTime(backup.last_failed_at)}</time>.
          </>
        )}
      </Text>
    </Group>
  );
}

const productPath = (slug: string) => `/product/${encodeURIComponent(slug)}`;

const LANGUAGE_NAMES =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;
const languageName = (locale: string): string | null => {
  try {
    const name = LANGUAGE_NAMES?.of(locale);
    return name && name !== locale ? name : null;
  } catch {
    return null;
  }
};

/**
 * The translation gaps per language (with more than one in LOCALES): each count links to the
 * products list filtered to that language's gaps.
 */
function TranslationGaps({ gaps }: { gaps: Health['missing_translations'] }) {
  const total = gaps.reduce((sum, g) => sum + g.count, 0);
  return (
    <DashboardCard
      title={DASHBOARD_TEXT.missingTranslations}
      order={3}
      count={total}
      caption={DASHBOARD_TEXT.missingTranslationsCaption}
    >
      <ul className={classes.list} data-testid="translation-gaps">
        {gaps.map((g) => (
          <li key={g.locale}>
            <Link to={productsWhere({ missing_translation: g.locale })} className={classes.entry}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" className={classes.entryTitle}>
                  {DASHBOARD_TEXT.localeGap(languageName(g.locale), g.locale)}
                </Text>
                <Text size="sm" c={g.count > 0 ? undefined : 'dimmed'} fw={g.count > 0 ? 600 : undefined}>
                  {DASHBOARD_TEXT.gapCount(g.count)}
                </Text>
              </Group>
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}

/** Products and discounts that need attention, each linking to where it is fixed. */
export function CatalogueHealth({ health }: { health: Health | undefined }) {
  const noImages = health?.products_without_images;
  const noTaxonomy = health?.products_without_category_or_brand;
  const ending = health?.discounts_ending_soon;
  const gaps = health?.missing_translations ?? [];
  return (
    <section aria-labelledby="dashboard-health">
      <Title order={2} size="h4" id="dashboard-health">
        {DASHBOARD_TEXT.health}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {DASHBOARD_TEXT.healthCaption}
      </Text>
      <SimpleGrid cols={{ base: 1, md: gaps.length > 0 ? 2 : 3, xl: gaps.length > 0 ? 4 : 3 }} spacing="md">
        <HealthList
          title={DASHBOARD_TEXT.withoutImages}
          list={noImages}
          clear={DASHBOARD_TEXT.withoutImagesClear}
          links={[
            { to: productsWhere({ no_image: '1' }), label: DASHBOARD_TEXT.listAll(noImages?.count ?? 0) },
          ]}
          entries={(noImages?.items ?? []).map((p) => ({
            key: p.id,
            to: productPath(p.slug),
            title: p.name,
            detail: DASHBOARD_TEXT.addImages,
          }))}
        />
        <HealthList
          title={DASHBOARD_TEXT.withoutTaxonomy}
          list={noTaxonomy}
          clear={DASHBOARD_TEXT.withoutTaxonomyClear}
          // The card counts either gap; the list filters combine with "and", so each gap has its link.
          links={[
            { to: productsWhere({ no_category: '1' }), label: DASHBOARD_TEXT.listNoCategory },
            { to: productsWhere({ no_brand: '1' }), label: DASHBOARD_TEXT.listNoBrand },
          ]}
          entries={(noTaxonomy?.items ?? []).map((p) => ({
            key: p.id,
            to: productPath(p.slug),
            title: p.name,
            detail: (
              <Badge variant="light" color="red" size="sm" radius="sm" tt="none" mt={2}>
                {missingText(p.missing)}
              </Badge>
            ),
          }))}
        />
        <HealthList
          title={DASHBOARD_TEXT.endingSoon}
          list={ending}
          clear={DASHBOARD_TEXT.endingSoonClear}
          links={[{ to: '/discounts?state=live', label: DASHBOARD_TEXT.listLiveDiscounts }]}
          entries={(ending?.items ?? []).map((d) => ({
            key: d.id,
            // The discounts list searches titles, so the link opens it at this one.
            to: `/discounts?${new URLSearchParams({ q: d.name })}`,
            title: d.name,
            detail: (
              <>
                Ends <time dateTime={d.ends_at}>{formatDateTime(d.ends_at)}</time> · on{' '}
                {d.target_name ?? DASHBOARD_TEXT.noTarget}
              </>
            ),
          }))}
        />
        {gaps.length > 0 && <TranslationGaps gaps={gaps} />}
      </SimpleGrid>
      {health?.backup && <BackupLine backup={health.backup} />}
    </section>
  );
}
