import { Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { type Inquiry, inquiryTime } from '#domain/inquiries';
import { StatusBadge } from '../../components/StatusBadge';
import classes from './Inquiries.module.css';
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
  if (!inquiries) {
    if (loading) {
      return (
        <Stack gap="xs" aria-hidden>
          {[1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={58} radius="md" />
          ))}
        </Stack>
      );
    }
    return <Empty text={failed ? INQUIRY_SCREEN.failed : INQUIRY_SCREEN.empty} />;
  }
  if (inquiries.length === 0) return <Empty text={INQUIRY_SCREEN.empty} />;
  return (
    <Paper
      component="ul"
      withBorder
      radius="md"
      aria-label="Inquiries"
      aria-busy={loading}
      className={classes.list}
      // The previous page stays visible, dimmed, while the next one loads.
      style={{ opacity: loading ? 0.6 : 1 }}
    >
      {inquiries.map((inquiry) => (
        <li key={inquiry.id}>
          <UnstyledButton
            className={classes.entry}
            aria-current={inquiry.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(inquiry)}
          >
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
          </UnstyledButton>
        </li>
      ))}
    </Paper>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" py="xl">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
    </Paper>
  );
}
