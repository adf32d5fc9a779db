import { Progress, Stack, Text } from '@mantine/core';

/** How far an upload has got, in percent, as a bar and as words a screen reader announces. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <Stack gap={4}>
      <Progress value={percent} animated aria-label="Upload progress" />
      <Text size="xs" c="dimmed" aria-live="polite">
        Uploading… {percent}%
      </Text>
    </Stack>
  );
}
