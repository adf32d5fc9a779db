import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMail, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { composeHref, INQUIRY_TEXT, type Inquiry, inquiryTime } from '#domain/inquiries';
import { useInquiryDetail } from '../../api/inquiries';
import { BuyerLanguage } from '../../components/BuyerLanguage';
import { DetailList } from '../../components/DetailList';
import classes from '../../components/desk/Desk.module.css';
import { usePermissions } from '../../session/usePermissions';
import { DeskPanel } from './DeskPanel';
import { QuoteLines } from './QuoteLines';
import { RequestCustomer } from './RequestCustomer';

type Props = {
  inquiry: Inquiry;
  staff: readonly { id: number; name: string }[];
  deleting: boolean;
  onDelete: () => void;
};

/** The inbox's right pane: one inquiry in full. */
export function InquiryPane({ inquiry, staff, deleting, onDelete }: Props) {
  const titleId = useId();
  // The desk (notes, history, quotes) comes with the request's own read; until then, or if that
  // read fails, the pane shows what the list already holds.
  const detail = useInquiryDetail(inquiry.id);
  const messageId = useId();
  const mayDelete = usePermissions().has('inquiry.delete');
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs" align="center" style={{ flex: '1 1 220px' }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {inquiry.subject}
            </Title>
            <Badge variant="light" color="gray" radius="sm" tt="none" data-testid="inquiry-reference">
              <VisuallyHidden>{INQUIRY_TEXT.reference} </VisuallyHidden>
              {inquiry.reference}
            </Badge>
            <BuyerLanguage inquiryId={inquiry.id} locale={inquiry.locale} />
          </Group>
          {mayDelete && (
            <Button
              color="red"
              variant="light"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={deleting}
              onClick={onDelete}
            >
              Delete
            </Button>
          )}
        </Group>
        {detail.data?.customer && <RequestCustomer customer={detail.data.customer} />}
        <DetailList
          items={[
            { label: 'Name', value: inquiry.name },
            ...(inquiry.company ? [{ label: INQUIRY_TEXT.company, value: inquiry.company }] : []),
            {
              label: 'Email',
              value: (
                <Group component="span" gap="sm" wrap="wrap">
                  <Anchor href={`mailto:${inquiry.email}`} style={{ overflowWrap: 'anywhere' }}>
                    {inquiry.email}
                  </Anchor>
                  <Anchor
                    href={composeHref(inquiry.email, inquiry.subject)}
                    size="sm"
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  >
                    <IconMail size={14} aria-hidden />
                    Compose
                  </Anchor>
                </Group>
              ),
            },
            { label: 'Phone', value: inquiry.phone },
            { label: 'Created', value: inquiryTime(inquiry.created_at) },
            { label: 'Subject', value: inquiry.subject },
            ...(inquiry.product
              ? [
                  {
                    label: 'Sent from',
                    value: (
                      <Anchor component={Link} to={`/product/${inquiry.product.slug}`}>
                        {inquiry.product.name}
                      </Anchor>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {inquiry.lines.length > 0 && <QuoteLines lines={inquiry.lines} />}
        <Divider />
        <div>
          <Text id={messageId} size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
            Message
          </Text>
          {/* Text only (React escapes it); pre-wrap keeps the sender's line breaks. */}
          <Text aria-labelledby={messageId} className={classes.message} data-testid="inquiry-message">
            {inquiry.message}
          </Text>
        </div>
        {detail.data && (
          <>
            <Divider />
            <DeskPanel detail={detail.data} staff={staff} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
