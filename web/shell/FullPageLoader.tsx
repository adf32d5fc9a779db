import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while the stored session is read, so guards never decide on a half-loaded session. */
export function FullPageLoader() {
  return (
    <Center h="100dvh" role="status">
      <Loader />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
