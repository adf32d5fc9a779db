import { Button, Group, Menu, Modal, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconCopy, IconDots, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { InquiryDetail } from '#domain/inquiries';
import { QUOTE_TEMPLATE_LIMITS } from '#domain/quote-templates';
import { DESK_SCREEN, QUOTE_REUSE_TEXT as T } from '#domain/quote-texts';
import { defaultValidUntil, type Quote } from '#domain/quotes';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useCopyQuote, useExtendQuote, useRequestOptions, useSaveTemplate } from '../../api/quotes';
import { storeTimeZone } from '../../api/time-zone';
import { usePermissions } from '../../session/usePermissions';

type Dialog = 'extend' | 'template' | 'copy' | null;

/**
 * What staff do with a quote beyond revising it: Extend (a sent or expired one, not yet replaced),
 * Save as template, and Copy to another request. Each asks in a dialog first.
 */
export function QuoteReuseActions({ quote, inquiry }: { quote: Quote; inquiry: InquiryDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const rights = usePermissions();
  // Extend sends a new version (quote.send); templates and copies write quotes (quote.edit).
  const canExtend = (quote.status === 'sent' || quote.status === 'expired') && rights.has('quote.send');
  const mayEdit = rights.has('quote.edit');
  return (
    <>
      {canExtend && (
        <Button
          variant={quote.status === 'expired' ? 'filled' : 'default'}
          leftSection={<IconCalendarPlus size={16} aria-hidden />}
          onClick={() => setDialog('extend')}
        >
          {T.extend}
        </Button>
      )}
      {mayEdit && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" rightSection={<IconDots size={16} aria-hidden />}>
              {T.more}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconTemplate size={16} aria-hidden />}
              onClick={() => setDialog('template')}
            >
              {T.saveTemplate}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => setDialog('copy')}>
              {T.copy}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {canExtend && (
        <ExtendDialog opened={dialog === 'extend'} quote={quote} inquiry={inquiry} onClose={close} />
      )}
      <SaveTemplateDialog opened={dialog === 'template'} quote={quote} onClose={close} />
      <CopyDialog opened={dialog === 'copy'} quote={quote} inquiry={inquiry} onClose={close} />
    </>
  );
}

function ExtendDialog({
  opened,
  quote,
  inquiry,
  onClose,
}: {
  opened: boolean;
  quote: Quote;
  inquiry: InquiryDetail;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const extend = useExtendQuote(quote.id);
  const [date, setDate] = useState(() => defaultValidUntil(storeTimeZone()));
  const error = fieldErrors(extend.error).valid_until;
  return (
    <Modal opened={opened} onClose={() => !extend.isPending && onClose()} title={T.extendTitle} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // Awaited rather than an onSuccess of mutate: the quote extended is superseded, and this
          // dialog may be gone before such a callback would run. A failure is the mutation's toast.
          extend
            .mutateAsync(date)
            .then((next) => {
              toast.success(T.extended(next.version ?? 0));
              onClose();
              navigate(`/inquiries/${inquiry.id}/quotes/${next.id}`);
            })
            .catch(() => {});
        }}
      >
        <Stack gap="md">
          <Text size="sm">{T.extendBody(inquiry.email)}</Text>
          <TextInput
            type="date"
            label={T.extendDate}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={extend.isPending}>
              {DESK_SCREEN.cancel}
            </Button>
            <Button type="submit" loading={extend.isPending} disabled={!date}>
              {T.extendConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Save as template on a draft: from what is stored, so only once the draft is saved. */
export function SaveDraftAsTemplate({ quote, dirty }: { quote: Quote; dirty: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label={T.saveFirst} disabled={!dirty}>
        <Button
          variant="default"
          leftSection={<IconTemplate size={16} aria-hidden />}
          onClick={() => setOpened(true)}
          disabled={dirty || quote.lines.length === 0}
        >
          {T.saveTemplate}
        </Button>
      </Tooltip>
      <SaveTemplateDialog opened={opened} quote={quote} onClose={() => setOpened(false)} />
    </>
  );
}

function SaveTemplateDialog({
  opened,
  quote,
  onClose,
}: {
  opened: boolean;
  quote: Quote;
  onClose: () => void;
}) {
  const save = useSaveTemplate();
  const [name, setName] = useState('');
  const error =
    fieldErrors(save.error).name ?? (save.error ? errorMessage(save.error, T.saveTemplateFailed) : null);
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={() => !save.isPending && close()} title={T.saveTemplateTitle} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { name: name.trim(), from_quote_id: quote.id },
            {
              onSuccess: (template) => {
                toast.success(T.templateSaved(template.name));
                setName('');
                close();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">{T.saveTemplateBody}</Text>
          <TextInput
            label={T.templateName}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              if (save.error) save.reset();
            }}
            maxLength={QUOTE_TEMPLATE_LIMITS.name}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {DESK_SCREEN.cancel}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
              {T.saveTemplateConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CopyDialog({
  opened,
  quote,
  inquiry,
  onClose,
}: {
  opened: boolean;
  quote: Quote;
  inquiry: InquiryDetail;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const copy = useCopyQuote(quote.id);
  const [search, setSearch] = useState('');
  // The option picked is kept whole: the search that follows a pick may no longer list it.
  const [picked, setPicked] = useState<{ value: string; label: string; reference: string } | null>(null);
  const options = useRequestOptions(search.trim(), opened);
  const found = (options.data ?? [])
    .filter((r) => r.id !== inquiry.id)
    .map((r) => ({
      value: String(r.id),
      label: `${r.reference} · ${r.company ?? r.name} · ${r.email}`,
      reference: r.reference,
    }));
  const data = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  return (
    <Modal opened={opened} onClose={() => !copy.isPending && onClose()} title={T.copyTitle} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!picked) return;
          copy
            .mutateAsync(Number(picked.value))
            .then((draft) => {
              toast.success(T.copied(picked.reference));
              onClose();
              navigate(`/inquiries/${draft.inquiry_id}/quotes/${draft.id}`);
            })
            .catch(() => {});
        }}
      >
        <Stack gap="md">
          <Text size="sm">{T.copyBody}</Text>
          <Select
            label={T.copyRequest}
            placeholder={T.copyPlaceholder}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server searches; every option it answers is shown as it is.
            filter={({ options: all }) => all}
            data={data}
            value={picked?.value ?? null}
            onChange={(value) => setPicked(data.find((o) => o.value === value) ?? null)}
            nothingFoundMessage={options.isFetching ? undefined : T.copyNothing}
            comboboxProps={{ withinPortal: true }}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={copy.isPending}>
              {DESK_SCREEN.cancel}
            </Button>
            <Button type="submit" loading={copy.isPending} disabled={!picked}>
              {T.copyConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
