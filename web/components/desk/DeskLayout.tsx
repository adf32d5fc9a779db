import { Button, Grid, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  /** A phone's width: one column, the list or the chosen entry with a way back. */
  narrow: boolean;
  /** On a narrow screen, whether the chosen entry is shown instead of the list. */
  reading: boolean;
  backLabel: string;
  onBack: () => void;
  list: ReactNode;
  pane: ReactNode;
};

/** A desk's two columns: the list, and the chosen entry kept in view as the list scrolls. */
export function DeskLayout({ narrow, reading, backLabel, onBack, list, pane }: Props) {
  if (narrow) {
    if (!reading) return list;
    return (
      <Stack gap="sm">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          style={{ alignSelf: 'flex-start' }}
        >
          {backLabel}
        </Button>
        {pane}
      </Stack>
    );
  }
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={5}>{list}</Grid.Col>
      <Grid.Col span={7} style={{ position: 'sticky', top: 72 }}>
        {pane}
      </Grid.Col>
    </Grid>
  );
}
