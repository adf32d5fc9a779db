import { Button, Loader } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DESK_SCREEN } from '#domain/quote-texts';

type Props = {
  onClick: () => void;
  pending: boolean;
  /** Bytes received so far; a streamed file has no length, so the count is what can be shown. */
  received: number;
  label?: string;
};

const megabytes = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** What the button says while its file comes in. */
export function exportingText(received: number): string {
  if (received <= 0) return 'Exporting…';
  if (received < 1024 * 1024) return `Exporting… ${Math.max(1, Math.round(received / 1024))} KB`;
  return `Exporting… ${megabytes.format(received / (1024 * 1024))} MB`;
}

/** The lists' CSV download: while it runs, the button waits and counts what has arrived. */
export function ExportButton({ onClick, pending, received, label = DESK_SCREEN.exportCsv }: Props) {
  return (
    <Button
      variant="default"
      leftSection={pending ? <Loader size={14} aria-hidden /> : <IconDownload size={16} aria-hidden />}
      onClick={onClick}
      disabled={pending}
      aria-busy={pending}
      miw={130}
    >
      {pending ? exportingText(received) : label}
    </Button>
  );
}
