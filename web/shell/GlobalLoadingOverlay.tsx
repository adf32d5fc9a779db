import { Center, Loader, Overlay, VisuallyHidden } from '@mantine/core';

/** A full-screen spinner while the global loading flag is on. */
export function GlobalLoadingOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <Overlay
      fixed
      blur={1}
      backgroundOpacity={0.25}
      color="var(--mantine-color-body)"
      zIndex={2000}
      data-testid="global-loading"
    >
      <Center h="100%" role="status" aria-live="polite">
        <Loader size="lg" />
        <VisuallyHidden>Loading…</VisuallyHidden>
      </Center>
    </Overlay>
  );
}
