import {
  Alert,
  CloseButton,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { DISCOUNT_TEXT, DISCOUNT_TITLE_MAX_LENGTH, type Discount } from '#domain/discounts';
import { type DiscountScope, type DiscountType, PERCENT_MAX } from '#domain/pricing';
import { PRODUCT_MESSAGES } from '#domain/products';
import { storeCurrency } from '../../api/currency';
import { targetFields, targetIdOf, useSaveDiscount } from '../../api/discounts';
import { useFieldErrors } from '../../api/errors';
import { TYPE_OPTIONS } from '../../components/discount/texts';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { useMinusRefusal } from '../../components/product/MoneyInput';
import { refuse } from '../../components/refuse';
import { localInputToApi, toLocalInput } from '../../components/windowTime';
import { type TargetChoice, TargetSelect } from './TargetSelect';
import { DISCOUNT_SCREEN, SCOPE_OPTIONS } from './texts';

/** `discount` null adds, a discount edits; it outlives `opened` so the title holds while closing. */
type Props = { discount: Discount | null; opened: boolean; onClose: () => void; onSaved: () => void };

export function DiscountFormModal({ discount, opened, onClose, onSaved }: Props) {
  const save = useSaveDiscount(discount ? 'update' : 'create');
  return (
    <FormModal
      opened={opened}
      title={discount ? 'Edit Discount' : 'Add Discount'}
      saving={save.isPending}
      onClose={onClose}
    >
      <DiscountForm discount={discount} save={save} onCancel={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

type FormProps = {
  discount: Discount | null;
  save: ReturnType<typeof useSaveDiscount>;
  onCancel: () => void;
  onSaved: () => void;
};

const targetOf = (d: Discount): TargetChoice | null => {
  const id = targetIdOf(d);
  return id === null ? null : { id, name: d.target_name ?? `#${id}` };
};

function DiscountForm({ discount, save, onCancel, onSaved }: FormProps) {
  const typeLabelId = useId();
  const scopeLabelId = useId();
  const [title, setTitle] = useState(discount?.name ?? '');
  const [type, setType] = useState<DiscountType>(discount?.type ?? 'percent');
  const [value, setValue] = useState<string | number>(discount?.value ?? '');
  const [scope, setScope] = useState<DiscountScope>(discount?.applies_to ?? 'product');
  const [target, setTarget] = useState<TargetChoice | null>(discount ? targetOf(discount) : null);
  const [startsAt, setStartsAt] = useState(toLocalInput(discount?.starts_at));
  const [endsAt, setEndsAt] = useState(toLocalInput(discount?.ends_at));
  const [active, setActive] = useState(discount ? discount.active === 1 : true);
  const saving = save.isPending;
  const fields = useFieldErrors(save.error);
  const minus = useMinusRefusal();
  useFormDirty({ title, type, value, scope, target, startsAt, endsAt, active });
  const TARGET_FIELDS = ['applies_to', 'product_id', 'category_id', 'brand_id'];

  // Changing the scope clears the target (an id means nothing in another table).
  const changeScope = (next: DiscountScope) => {
    if (next === scope) return;
    fields.edited(...TARGET_FIELDS);
    setScope(next);
    setTarget(null);
  };

  const submit = () => {
    // NumberInput holds '' when empty and a number otherwise (it refuses letters and a minus).
    const amount = value === '' ? null : Number(value);
    if (amount === null || !target) return refuse(DISCOUNT_TEXT.required);
    if (!Number.isFinite(amount) || amount < 0) return refuse(PRODUCT_MESSAGES.discountInvalid);
    if (type === 'percent' && amount > PERCENT_MAX) return refuse(DISCOUNT_TEXT.percentTooHigh);
    const starts = localInputToApi(startsAt);
    const ends = localInputToApi(endsAt);
    // Same fixed-width format on both sides, so text order is time order.
    if (starts && ends && ends < starts) return refuse(DISCOUNT_TEXT.endBeforeStart);
    save.mutate(
      {
        id: discount?.id ?? null,
        input: {
          title: title.trim(),
          type,
          value: amount,
          applies_to: scope,
          ...targetFields(scope, target.id),
          starts_at: starts,
          ends_at: ends,
          active: active ? 1 : 0,
        },
      },
      {
        onSuccess: () => {
          toast.success(discount ? DISCOUNT_TEXT.updated : DISCOUNT_TEXT.created);
          onSaved();
        },
      },
    );
  };

  return (
    <FormWithActions onSubmit={submit} saving={saving} onCancel={onCancel}>
      {discount?.editor_owned && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />} p="xs">
          <Text size="sm">{DISCOUNT_SCREEN.editorNote}</Text>
        </Alert>
      )}
      <TextInput
        label="Title"
        description="Optional: left empty, it is named after the value, e.g. '15% off'"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-autofocus
        value={title}
        maxLength={DISCOUNT_TITLE_MAX_LENGTH}
        onChange={(e) => {
          // POST names the title `name`, PUT `title`.
          fields.edited('title', 'name');
          setTitle(e.currentTarget.value);
        }}
        disabled={saving}
        error={fields.of('title', 'name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={typeLabelId}>
            Type
          </Text>
          <SegmentedControl
            aria-labelledby={typeLabelId}
            data={TYPE_OPTIONS}
            value={type}
            onChange={(v) => setType(v as DiscountType)}
            disabled={saving}
          />
        </Stack>
        <NumberInput
          label="Value"
          required
          // House style: no asterisk inside labels (web/theme.ts), so exact label lookups work.
          withAsterisk={false}
          min={0}
          step={type === 'percent' ? 1 : 0.01}
          decimalScale={2}
          allowNegative={false}
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              {type === 'percent' ? '%' : storeCurrency()}
            </Text>
          }
          rightSectionWidth={type === 'percent' ? 32 : 48}
          hideControls
          value={value}
          onChange={fields.track('value', setValue)}
          {...minus.inputProps}
          disabled={saving}
          error={minus.message ?? fields.of('value')}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={scopeLabelId}>
          Applies To
        </Text>
        <SegmentedControl
          aria-labelledby={scopeLabelId}
          data={SCOPE_OPTIONS}
          value={scope}
          onChange={(v) => changeScope(v as DiscountScope)}
          disabled={saving}
        />
      </Stack>
      {/* Keyed by scope: a new scope starts with an empty search as well as an empty choice. */}
      <TargetSelect
        key={scope}
        scope={scope}
        value={target}
        onChange={(next) => {
          fields.edited(...TARGET_FIELDS);
          setTarget(next);
        }}
        disabled={saving}
        error={fields.of(...TARGET_FIELDS)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TimeField
          label="Starts"
          value={startsAt}
          onChange={fields.track('starts_at', setStartsAt)}
          disabled={saving}
          error={fields.of('starts_at')}
        />
        <TimeField
          label="Ends"
          value={endsAt}
          onChange={fields.track('ends_at', setEndsAt)}
          disabled={saving}
          error={fields.of('ends_at')}
        />
      </SimpleGrid>
      <Switch
        label="Active"
        checked={active}
        onChange={(e) => setActive(e.currentTarget.checked)}
        disabled={saving}
      />
    </FormWithActions>
  );
}

type TimeProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string;
};

/** An optional end of the window in local time; empty means open. Chrome's input has no clear of its own. */
function TimeField({ label, value, onChange, disabled, error }: TimeProps) {
  return (
    <TextInput
      type="datetime-local"
      label={label}
      description="Optional, your local time"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
      error={error}
      rightSection={
        value && !disabled ? (
          <CloseButton size="sm" aria-label={`Clear ${label.toLowerCase()}`} onClick={() => onChange('')} />
        ) : null
      }
      rightSectionPointerEvents="auto"
    />
  );
}
