import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconTemplate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { QuoteTemplate } from '#domain/quote-templates';
import { DESK_SCREEN, QUOTE_REUSE_TEXT as T } from '#domain/quote-texts';
import { useCreateQuote, useDeleteTemplate, useQuoteTemplates } from '../../api/quotes';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * "Start from template" on a request with no quote yet: a picker of every template (a radio group,
 * arrows to move, Enter to start), each deletable after a confirmation, and an empty state that
 * says where templates come from.
 */
export function StartFromTemplate({ inquiryId }: { inquiryId: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconTemplate size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {T.fromTemplate}
      </Button>
      {opened && <TemplatePicker inquiryId={inquiryId} onClose={() => setOpened(false)} />}
    </>
  );
}

function TemplatePicker({ inquiryId, onClose }: { inquiryId: number; onClose: () => void }) {
  const navigate = useNavigate();
  const templates = useQuoteTemplates();
  const create = useCreateQuote(inquiryId);
  const remove = useDeleteTemplate();
  const [picked, setPicked] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<QuoteTemplate | null>(null);
  const list = templates.data ?? [];
  const busy = create.isPending;
  return (
    <Modal opened onClose={() => !busy && onClose()} title={T.fromTemplateTitle} centered size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!picked) return;
          // Awaited rather than an onSuccess of mutate: the new draft makes the pane drop this
          // picker (the request has a quote now) before such a callback would run.
          create
            .mutateAsync({ template_id: Number(picked) })
            .then((quote) => {
              toast.success(T.draftStarted);
              onClose();
              navigate(`/inquiries/${inquiryId}/quotes/${quote.id}`);
            })
            // The failure is the mutation's toast.
            .catch(() => {});
        }}
      >
        <Stack gap="md">
          <Text size="sm">{T.fromTemplateBody}</Text>
          {templates.isPending ? (
            <Loader size="sm" aria-label="Loading" />
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="templates-empty">
              {T.noTemplates}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={320}>
              <Radio.Group value={picked} onChange={setPicked} label={T.template} required>
                <Stack gap="xs" mt="xs">
                  {list.map((t) => (
                    <Group key={t.id} justify="space-between" wrap="nowrap" gap="xs">
                      <Radio
                        value={String(t.id)}
                        label={t.name}
                        description={`${T.templateLines(t.lines.length)}${t.created_by ? ` · ${t.created_by.name}` : ''}`}
                      />
                      <Tooltip label={T.deleteTemplate}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${T.deleteTemplate}: ${t.name}`}
                          onClick={() => setDeleting(t)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ))}
                </Stack>
              </Radio.Group>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {DESK_SCREEN.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={!picked}>
              {T.fromTemplateConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={deleting !== null}
        title={T.deleteTemplateTitle}
        message={deleting ? T.deleteTemplateBody(deleting.name) : ''}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(T.templateDeleted);
              if (picked === String(deleting.id)) setPicked(null);
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Modal>
  );
}
