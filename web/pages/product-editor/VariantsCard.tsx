import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { PERMISSION_TEXT } from '#domain/permissions';
import type { ProductBundle } from '#domain/products';
import { SKU_MAX_LENGTH } from '#domain/products';
import { VARIANT_LIMITS, type Variant } from '#domain/variants';
import { errorMessage } from '../../api/errors';
import { useVariantWrites } from '../../api/variants';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePermissions } from '../../session/usePermissions';
import { VARIANTS_SCREEN as T } from './texts';
import classes from './VariantsCard.module.css';

type Props = { bundle: ProductBundle; slug: string };
type Writes = ReturnType<typeof useVariantWrites>;

/** How many combinations of the options' values have no variant yet (what Generate would add). */
function missingCombinations(bundle: ProductBundle): number {
  if (bundle.options.length === 0) return 0;
  const all = bundle.options.reduce((n, o) => n * o.values.length, 1);
  const taken = new Set(
    bundle.variants.map((v) => bundle.options.map((o) => v.options[o.name]).join('\u0000')),
  );
  return Math.max(0, all - taken.size);
}

/** An option's name and values: adding one, or editing one in place. */
function OptionForm({
  initial,
  busy,
  onSave,
  onCancel,
}: {
  initial?: { name: string; values: string[] };
  busy: boolean;
  onSave: (body: { name: string; values: string[] }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [values, setValues] = useState<string[]>(initial?.values ?? []);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        onSave({ name: name.trim(), values }).catch((err) => setError(errorMessage(err, T.failed)));
      }}
    >
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label={T.optionName}
            placeholder={T.optionNamePlaceholder}
            value={name}
            maxLength={VARIANT_LIMITS.optionName}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-autofocus
          />
          <TagsInput
            label={T.values}
            description={T.valuesHint}
            value={values}
            onChange={setValues}
            maxTags={VARIANT_LIMITS.values}
            splitChars={[',']}
            clearable
          />
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" size="xs" loading={busy}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A cell saved on blur or Enter: a toast when saved, the server's message under it when refused. */
function InlineField({
  label,
  value,
  disabled,
  title,
  maxLength,
  inputMode,
  onSave,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  title?: string;
  maxLength?: number;
  inputMode?: 'decimal';
  onSave: (next: string) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const commit = async () => {
    if (draft === null || draft.trim() === value) return setDraft(null);
    try {
      await onSave(draft.trim());
      setError(null);
      setDraft(null);
      toast.success(T.saved);
    } catch (err) {
      setError(errorMessage(err, T.failed));
    }
  };
  return (
    <TextInput
      aria-label={label}
      size="xs"
      value={draft ?? value}
      disabled={disabled}
      title={title}
      maxLength={maxLength}
      inputMode={inputMode}
      error={error}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit();
        }
        if (e.key === 'Escape') {
          setDraft(null);
          setError(null);
        }
      }}
    />
  );
}

function VariantRow({
  variant,
  first,
  last,
  neighbours,
  writes,
  onDelete,
}: {
  variant: Variant;
  first: boolean;
  last: boolean;
  neighbours: { up?: Variant; down?: Variant };
  writes: Writes;
  onDelete: (v: Variant) => void;
}) {
  const { has } = usePermissions();
  const canEdit = has('product.edit');
  const title = variant.title || variant.sku || '—';
  const patch = (body: Parameters<Writes['updateVariant']['mutateAsync']>[0]) =>
    writes.updateVariant.mutateAsync(body);
  // Moving swaps the two neighbours' positions, so the grid's order is the shop's.
  const swap = async (other: Variant | undefined) => {
    if (!other) return;
    const [a, b] = [
      variant.position,
      other.position === variant.position ? variant.position + 1 : other.position,
    ];
    try {
      await patch({ id: variant.id, position: b });
      await patch({ id: other.id, position: a });
    } catch (err) {
      toast.error(errorMessage(err, T.failed));
    }
  };
  const discontinued = variant.status === 'discontinued';
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {variant.title || '—'}
          </Text>
          {discontinued && (
            <Badge size="xs" color="gray" variant="light">
              {T.discontinued}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-label={T.sku}>
        <InlineField
          label={`${T.sku} ${title}`}
          value={variant.sku ?? ''}
          maxLength={SKU_MAX_LENGTH}
          disabled={!canEdit}
          onSave={(sku) => patch({ id: variant.id, sku })}
        />
      </Table.Td>
      <Table.Td data-label={T.price}>
        <InlineField
          label={`${T.price} ${title}`}
          value={variant.mrp.toFixed(2)}
          inputMode="decimal"
          disabled={!has('product.price')}
          title={has('product.price') ? undefined : PERMISSION_TEXT.readOnlyPrice}
          onSave={(mrp) => patch({ id: variant.id, mrp })}
        />
      </Table.Td>
      <Table.Td data-label={T.status}>
        <Button
          size="compact-xs"
          variant="default"
          disabled={!has('product.publish')}
          onClick={() =>
            patch({ id: variant.id, status: discontinued ? 'active' : 'discontinued' })
              .then(() => toast.success(T.saved))
              .catch((err) => toast.error(errorMessage(err, T.failed)))
          }
        >
          {discontinued ? T.reactivate : T.discontinue}
        </Button>
      </Table.Td>
      <Table.Td className={classes.actions}>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon
            variant="subtle"
            aria-label={T.moveUp(title)}
            disabled={!canEdit || first}
            onClick={() => swap(neighbours.up)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={T.moveDown(title)}
            disabled={!canEdit || last}
            onClick={() => swap(neighbours.down)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={T.deleteVariant(title)}
            disabled={!canEdit || (first && last)}
            onClick={() => onDelete(variant)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Options (Size, Finish) and the grid of variants: SKU, price and status edited in place. */
export function VariantsCard({ bundle, slug }: Props) {
  const titleId = useId();
  const { has } = usePermissions();
  const canEdit = has('product.edit');
  const phone = useMediaQuery('(max-width: 48em)');
  const writes = useVariantWrites(bundle.base.id, slug);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [removingOption, setRemovingOption] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Variant | null>(null);
  const [confirmGenerate, setConfirmGenerate] = useState(false);
  const missing = missingCombinations(bundle);
  const { options, variants } = bundle;

  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Title order={2} size="h4" id={titleId}>
          {T.title}
        </Title>
        {canEdit && (
          <Group gap="sm">
            {options.length > 0 && (
              <Button variant="default" size="xs" onClick={() => setConfirmGenerate(true)}>
                {T.generate}
              </Button>
            )}
            {!adding && options.length < VARIANT_LIMITS.options && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setAdding(true)}
              >
                {T.addOption}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Stack gap="md">
        {options.length === 0 && !adding && (
          <Text size="sm" c="dimmed">
            {T.noOptions}
          </Text>
        )}
        {options.map((option) =>
          editing === option.id ? (
            <OptionForm
              key={option.id}
              initial={{ name: option.name, values: option.values.map((v) => v.value) }}
              busy={writes.updateOption.isPending}
              onCancel={() => setEditing(null)}
              onSave={async (body) => {
                await writes.updateOption.mutateAsync({ id: option.id, ...body });
                toast.success(T.optionSaved);
                setEditing(null);
              }}
            />
          ) : (
            <Group key={option.id} justify="space-between" align="center" wrap="nowrap">
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {option.name}
                </Text>
                {option.values.map((v) => (
                  <Badge key={v.id} variant="light" tt="none">
                    {v.value}
                  </Badge>
                ))}
              </Group>
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <Button variant="subtle" size="compact-xs" onClick={() => setEditing(option.id)}>
                    {T.edit}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-xs"
                    onClick={() => setRemovingOption({ id: option.id, name: option.name })}
                  >
                    {T.remove}
                  </Button>
                </Group>
              )}
            </Group>
          ),
        )}
        {adding && (
          <OptionForm
            busy={writes.addOption.isPending}
            onCancel={() => setAdding(false)}
            onSave={async (body) => {
              await writes.addOption.mutateAsync(body);
              toast.success(T.optionSaved);
              setAdding(false);
            }}
          />
        )}
        {options.length > 0 && (
          <Table.ScrollContainer minWidth={phone ? 0 : 560}>
            <Table verticalSpacing="xs" highlightOnHover className={classes.grid}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.variant}</Table.Th>
                  <Table.Th>{T.sku}</Table.Th>
                  <Table.Th>{T.price}</Table.Th>
                  <Table.Th>{T.status}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {variants.map((v, i) => (
                  <VariantRow
                    key={v.id}
                    variant={v}
                    first={i === 0}
                    last={i === variants.length - 1}
                    neighbours={{ up: variants[i - 1], down: variants[i + 1] }}
                    writes={writes}
                    onDelete={setDeleting}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmGenerate}
        title={T.generateTitle}
        message={missing === 0 ? T.generateNone : T.generateText(missing)}
        confirmLabel={T.generate}
        destructive={false}
        confirmDisabled={missing === 0}
        busy={writes.generate.isPending}
        onClose={() => setConfirmGenerate(false)}
        onConfirm={() =>
          writes.generate
            .mutateAsync()
            .then(({ created }) => toast.success(T.generated(created)))
            .catch((err) => toast.error(errorMessage(err, T.failed)))
            .finally(() => setConfirmGenerate(false))
        }
      />
      <ConfirmDialog
        opened={removingOption !== null}
        title={T.removeOptionTitle}
        message={removingOption ? T.removeOptionText(removingOption.name) : ''}
        confirmLabel={T.remove}
        busy={writes.removeOption.isPending}
        onClose={() => setRemovingOption(null)}
        onConfirm={() =>
          removingOption &&
          writes.removeOption
            .mutateAsync(removingOption.id)
            .then(() => toast.success(T.optionRemoved))
            .catch((err) => toast.error(errorMessage(err, T.failed)))
            .finally(() => setRemovingOption(null))
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={T.deleteVariantTitle}
        message={T.deleteVariantText}
        busy={writes.removeVariant.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          writes.removeVariant
            .mutateAsync(deleting.id)
            .then(() => toast.success(T.variantDeleted))
            .catch((err) => toast.error(errorMessage(err, T.failed)))
            .finally(() => setDeleting(null))
        }
      />
    </Card>
  );
}
