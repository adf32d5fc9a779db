import { Skeleton, Stack } from '@mantine/core';

/** Placeholder lines with a list's shape while it loads. */
export function SkeletonLines({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <Stack key={i} gap={6}>
          <Skeleton height={12} width="60%" radius="sm" />
          <Skeleton height={10} width="40%" radius="sm" />
        </Stack>
      ))}
    </Stack>
  );
}
