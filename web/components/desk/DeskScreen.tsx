import { Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PageHeader } from '../PageHeader';
import { TotalCount } from '../TotalCount';
import { DeskLayout } from './DeskLayout';
import { ListColumn, type ListColumnProps, type ListExport, type ListTexts } from './ListColumn';
import { useSelected } from './useSelected';

/** Below Mantine's md breakpoint a desk's two panes do not fit side by side (the sidebar takes 240 px). */
const NARROW = '(max-width: 61.99em)';

type Select = ReturnType<typeof useSelected>[1];

/** A desk screen's own texts, as its texts module keeps them. */
type DeskTexts = {
  title: string;
  /** The phone's way back from an entry to the list. */
  back: string;
  /** What stands beside the list while nothing is chosen. */
  noneSelected: string;
  /** How the list's total names its entries. */
  noun: { singular: string; plural?: string };
};

type Props<K extends string, F extends string, T extends { id: number }> = Omit<
  ListColumnProps<K, F, T>,
  'exportCsv'
> & {
  texts: DeskTexts & ListTexts<K>;
  /** The list's CSV download (useDownload); kept here, so it runs on while a phone shows an entry. */
  useExport: () => ListExport<K, F>;
  /** The line under the title; the list's total follows it once the list has loaded. */
  caption: ReactNode;
  actions?: ReactNode;
  /** Between the header and the desk (a switch between a screen's views). */
  nav?: ReactNode;
  /** The chosen entry, which may open another in its place. */
  pane: (id: number, select: Select) => ReactNode;
};

/**
 * A list-and-entry screen (customers, companies, orders): the header with the list's total, and
 * the list column beside the chosen entry, or one of them at a time on a phone.
 */
export function DeskScreen<K extends string, F extends string, T extends { id: number }>(
  props: Props<K, F, T>,
) {
  const { texts, caption, actions, nav, pane, useExport, ...column } = props;
  const exportCsv = useExport();
  const loaded = props.query.data;
  const { singular, plural = `${singular}s` } = texts.noun;
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [selectedId, select] = useSelected();
  return (
    <>
      <PageHeader
        title={texts.title}
        actions={actions}
        caption={
          <>
            {caption}{' '}
            {loaded && (
              <TotalCount
                count={loaded.meta.total}
                exact={loaded.meta.total_exact}
                singular={singular}
                plural={plural}
                testId={`${plural}-total`}
              />
            )}
          </>
        }
      />
      {nav}
      <DeskLayout
        narrow={narrow}
        reading={selectedId !== null}
        backLabel={texts.back}
        onBack={() => select(null)}
        list={<ListColumn {...column} texts={texts} exportCsv={exportCsv} />}
        pane={
          selectedId !== null
            ? pane(selectedId, select)
            : loaded &&
              loaded.data.length > 0 && (
                <Paper withBorder radius="md" p="xl">
                  <Text c="dimmed" ta="center">
                    {texts.noneSelected}
                  </Text>
                </Paper>
              )
        }
      />
    </>
  );
}
