import { Checkbox, Fieldset, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { permissionLabel } from '#domain/permissions';
import { EVENT_GROUPS, type EventGroup, WEBHOOK_SCREEN_TEXT as T } from '#domain/webhook-screen';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_TEXT,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEventPermission,
} from '#domain/webhooks';
import { useFieldErrors } from '../../api/errors';
import { type CreatedEndpoint, useCreateWebhook, useUpdateWebhook } from '../../api/webhooks';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { usePermissions } from '../../session/usePermissions';

type Props = {
  /** The endpoint edited; null adds one. */
  endpoint: WebhookEndpoint | null;
  opened: boolean;
  onClose: () => void;
  /** A new endpoint, with the secret it is shown with this once. */
  onCreated: (created: CreatedEndpoint) => void;
};

/** Add or edit an endpoint: its URL, the events it wants, grouped by entity, and on or off. */
export function EndpointDialog({ endpoint, opened, onClose, onCreated }: Props) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  return (
    <FormModal
      opened={opened}
      title={endpoint ? T.editTitle : T.addTitle}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <EndpointForm
        endpoint={endpoint}
        create={create}
        update={update}
        onClose={onClose}
        onCreated={onCreated}
      />
    </FormModal>
  );
}

const groupOf = (type: WebhookEventType) => type.split('.')[0] as EventGroup;
const typesOf = (group: EventGroup) => WEBHOOK_EVENTS.filter((t) => groupOf(t) === group);
/** The read right a group's events carry (they share it: the entity's). */
const groupPermission = (group: EventGroup) => webhookEventPermission(typesOf(group)[0]);

type FormProps = Omit<Props, 'opened'> & {
  create: ReturnType<typeof useCreateWebhook>;
  update: ReturnType<typeof useUpdateWebhook>;
};

/** Mounted per opening (FormModal), so every opening starts from the endpoint as saved. */
function EndpointForm({ endpoint, create, update, onClose, onCreated }: FormProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const fields = useFieldErrors(endpoint ? update.error : create.error);
  const { has } = usePermissions();
  // An event is offered only to someone who may read what it carries, as the server insists.
  const readable = (group: EventGroup) => has(groupPermission(group));
  const [eventsError, setEventsError] = useState<string | null>(null);
  useFormDirty({ url, events: [...events].sort(), enabled });

  const toggle = (list: WebhookEventType[], on: boolean) => {
    fields.edited('events');
    setEventsError(null);
    setEvents((current) => {
      const next = new Set(current);
      for (const type of list) on ? next.add(type) : next.delete(type);
      // Kept in the screen's order, whatever order they were ticked in.
      return WEBHOOK_EVENTS.filter((t) => next.has(t));
    });
  };

  const submit = () => {
    if (events.length === 0) {
      setEventsError(WEBHOOK_TEXT.eventsEmpty);
      return;
    }
    const body = { url: url.trim(), events, enabled };
    if (endpoint)
      update.mutate(
        { id: endpoint.id, body },
        {
          onSuccess: () => {
            toast.success(T.saved);
            onClose();
          },
        },
      );
    else
      create.mutate(body, {
        onSuccess: (created) => {
          toast.success(T.created);
          onCreated(created);
        },
      });
  };

  return (
    <FormWithActions
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      onCancel={onClose}
      saveLabel={endpoint ? T.save : T.create}
    >
      <TextInput
        label={T.url}
        description={T.urlHint}
        required
        data-autofocus
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://erp.example.com/stockroom"
        value={url}
        maxLength={WEBHOOK_LIMITS.urlMax}
        onChange={(e) => {
          fields.edited('url');
          setUrl(e.currentTarget.value);
        }}
        error={fields.of('url')}
      />
      <Fieldset legend={T.events} variant="unstyled">
        <Text size="xs" c="dimmed" mb="xs">
          {T.eventsHint}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          {EVENT_GROUPS.map((group) => (
            <EventGroupChecks
              key={group}
              group={group}
              chosen={events}
              onToggle={toggle}
              needs={readable(group) ? null : groupPermission(group)}
            />
          ))}
        </SimpleGrid>
        {(eventsError ?? fields.of('events')) && (
          <Text size="sm" c="var(--mantine-color-error)" mt="xs" role="alert">
            {eventsError ?? fields.of('events')}
          </Text>
        )}
      </Fieldset>
      <Switch
        label={T.enabled}
        description={T.enabledHint}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
    </FormWithActions>
  );
}

/**
 * One entity's events under a select-all box (indeterminate when some are ticked). With `needs`,
 * the right the user lacks to read them: shown as they are saved, but not to be changed.
 */
function EventGroupChecks({
  group,
  chosen,
  onToggle,
  needs,
}: {
  group: EventGroup;
  chosen: WebhookEventType[];
  onToggle: (list: WebhookEventType[], on: boolean) => void;
  needs: ReturnType<typeof groupPermission> | null;
}) {
  const types = typesOf(group);
  const ticked = types.filter((t) => chosen.includes(t)).length;
  const disabled = needs !== null;
  return (
    <Stack gap={6} data-testid={`event-group-${group}`} data-disabled={disabled || undefined}>
      <Checkbox
        label={
          <Text fw={600} size="sm">
            {T.groups[group]}
          </Text>
        }
        aria-label={T.allOf(T.groups[group])}
        checked={ticked === types.length}
        indeterminate={ticked > 0 && ticked < types.length}
        disabled={disabled}
        description={needs ? T.needsRight(permissionLabel(needs)) : undefined}
        onChange={(e) => onToggle(types, e.currentTarget.checked)}
      />
      <Stack gap={6} pl="lg">
        {types.map((type) => (
          <Checkbox
            key={type}
            size="sm"
            label={
              <>
                {T.eventLabels[type]}{' '}
                <Text span size="xs" c="dimmed" ff="monospace">
                  {type}
                </Text>
              </>
            }
            checked={chosen.includes(type)}
            disabled={disabled}
            onChange={(e) => onToggle([type], e.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Stack>
  );
}
