import { Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PageHeader } from '../PageHeader';
import { TotalCount } from '../TotalCount';
import { DeskLayout } from './DeskLayout';
import { useSelected } from './useSelected';

/** Below Mantine's md breakpoint a desk's two panes do not fit side by side (the sidebar takes 240 px). */
const NARROW = '(max-width: 61.99em)';

type Select = ReturnType<typeof useSelected>[1];

type Props = {
  /**
   * The title; the line under it, which the list's total follows once the list has loaded; the
   * phone's way back from an entry to the list; and what stands beside the list while nothing is chosen.
   */
  texts: { title: string; caption: ReactNode; back: string; noneSelected: string };
  /** How the total names its entries. */
  count: { singular: string; plural?: string; testId: string };
  actions?: ReactNode;
  /** Between the header and the desk (a switch between a screen's views). */
  nav?: ReactNode;
  /** The list's loaded page: its total, and whether there is anything to choose. */
  loaded: { data: readonly unknown[]; meta: { total: number; total_exact?: boolean } } | undefined;
  list: ReactNode;
  /** The chosen entry, which may open another in its place. */
  pane: (id: number, select: Select) => ReactNode;
};

/**
 * A list-and-entry screen (customers, companies, orders): the header with the list's total, and
 * the list beside the chosen entry, or one of them at a time on a phone.
 */
export function DeskScreen({ texts, count, loaded, pane, ...props }: Props) {
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [selectedId, select] = useSelected();
  return (
    <>
      <PageHeader
        title={texts.title}
        actions={props.actions}
        caption={
          <>
            {texts.caption}{' '}
            {loaded && <TotalCount count={loaded.meta.total} exact={loaded.meta.total_exact} {...count} />}
          </>
        }
      />
      {props.nav}
      <DeskLayout
        narrow={narrow}
        reading={selectedId !== null}
        backLabel={texts.back}
        onBack={() => select(null)}
        list={props.list}
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
