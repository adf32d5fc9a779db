import { Paper, Skeleton, Stack, Text } from '@mantine/core';

/** A desk's pane before its entry has loaded: placeholders, or the entry's not-found message. */
export function PaneFallback({ failed, notFound }: { failed: boolean; notFound: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      {failed ? (
        <Text c="dimmed" ta="center">
          {notFound}
        </Text>
      ) : (
        <Stack aria-hidden>
          <Skeleton height={28} width="40%" />
          <Skeleton height={120} />
        </Stack>
      )}
    </Paper>
  );
}
