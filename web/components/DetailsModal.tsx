import { type MantineSize, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { type Detail, DetailList } from './DetailList';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: MantineSize;
  /** The record could not be loaded: this text stands in its place. */
  failed: boolean;
  failedText: string;
  /** The record's details once loaded; null while it loads. */
  items: Detail[] | null;
};

/** A read-only record in a dialog, loaded fresh each time it opens. */
export function DetailsModal({ opened, onClose, title, size, failed, failedText, items }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      {failed ? (
        <Text c="dimmed">{failedText}</Text>
      ) : !items ? (
        <Stack gap="sm" aria-busy>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : (
        <DetailList items={items} />
      )}
    </Modal>
  );
}
