import { Group, Text } from '@mantine/core';
import { type Inquiry, inquiryTime } from '#domain/inquiries';
import { EntryList } from '../../components/desk/EntryList';
import { StatusBadge } from '../../components/StatusBadge';
import { INQUIRY_SCREEN } from './texts';

type Props = {
  inquiries: readonly Inquiry[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: number | null;
  onSelect: (inquiry: Inquiry) => void;
};

/** The inbox's left list: one entry per inquiry with its name, subject, date, status and owner. */
export function InquiryList({ inquiries, loading, failed, selectedId, onSelect }: Props) {
  return (
    <EntryList
      label="Inquiries"
      items={inquiries}
      loading={loading}
      failed={failed}
      failedText={INQUIRY_SCREEN.failed}
      emptyText={INQUIRY_SCREEN.empty}
      selectedId={selectedId}
      onSelect={onSelect}
      renderEntry={(inquiry) => (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text fw={600} size="sm" truncate>
              {inquiry.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {inquiryTime(inquiry.created_at)}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {inquiry.subject}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
              {inquiry.reference}
            </Text>
          </Group>
          {inquiry.status && (
            <Group gap="xs" wrap="nowrap" mt={4}>
              <StatusBadge status={inquiry.status} />
              {inquiry.owner && (
                <Text size="xs" c="dimmed" truncate data-testid="inquiry-owner">
                  {inquiry.owner.name}
                </Text>
              )}
            </Group>
          )}
        </>
      )}
    />
  );
}
