import { NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { PRICE_LIST_NAME_MAX } from '#domain/customer-pricing';
import type { PriceList } from '#domain/price-lists';
import { PERCENT_MAX } from '#domain/pricing';
import { useCompanyOptions, useCustomerOptions } from '../../api/customers';
import { useFieldErrors } from '../../api/errors';
import { useSavePriceList } from '../../api/priceLists';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import type { SearchItem } from '../../components/SearchSelect';
import { localInputToApi, toLocalInput } from '../../components/windowTime';
import { AssignPicker } from './AssignPicker';
import { PRICE_LIST_SCREEN as T, TYPE_LABELS } from './texts';

/** `list` null creates, a list edits; it outlives `opened` so the title holds while closing. */
type Props = {
  list: PriceList | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (list: PriceList) => void;
};

export function PriceListFormModal({ list, opened, onClose, onSaved }: Props) {
  const save = useSavePriceList(list?.id ?? null);
  return (
    <FormModal
      opened={opened}
      title={list ? T.editList : T.newList}
      saving={save.isPending}
      onClose={onClose}
    >
      <PriceListForm list={list} save={save} onCancel={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

const TYPE_OPTIONS = (['fixed', 'percent'] as const).map((value) => ({ value, label: TYPE_LABELS[value] }));

type FormProps = {
  list: PriceList | null;
  save: ReturnType<typeof useSavePriceList>;
  onCancel: () => void;
  onSaved: (list: PriceList) => void;
};

function PriceListForm({ list, save, onCancel, onSaved }: FormProps) {
  const typeLabelId = useId();
  const [name, setName] = useState(list?.name ?? '');
  const [type, setType] = useState<PriceList['type']>(list?.type ?? 'fixed');
  const [percent, setPercent] = useState<string | number>(list?.percent ?? '');
  const [startsAt, setStartsAt] = useState(toLocalInput(list?.starts_at));
  const [endsAt, setEndsAt] = useState(toLocalInput(list?.ends_at));
  const [active, setActive] = useState(list?.active ?? true);
  const [companies, setCompanies] = useState<SearchItem[]>(list?.companies ?? []);
  const [customers, setCustomers] = useState<SearchItem[]>(list?.customers ?? []);
  const saving = save.isPending;
  const fields = useFieldErrors(save.error);
  useFormDirty({ name, type, percent, startsAt, endsAt, active, companies, customers });

  const submit = () =>
    save.mutate(
      {
        name: name.trim(),
        type,
        percent: type === 'percent' ? (percent === '' ? null : Number(percent)) : null,
        starts_at: localInputToApi(startsAt),
        ends_at: localInputToApi(endsAt),
        active,
        company_ids: companies.map((c) => c.id),
        customer_ids: customers.map((c) => c.id),
      },
      {
        onSuccess: (saved) => {
          toast.success(list ? T.saved : T.created);
          onSaved(saved);
        },
      },
    );

  return (
    <FormWithActions onSubmit={submit} saving={saving} onCancel={onCancel}>
      <TextInput
        label="Name"
        required
        withAsterisk={false}
        data-autofocus
        maxLength={PRICE_LIST_NAME_MAX}
        value={name}
        onChange={(e) => {
          fields.edited('name');
          setName(e.currentTarget.value);
        }}
        disabled={saving}
        error={fields.of('name')}
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
            onChange={(v) => {
              fields.edited('type', 'percent');
              setType(v as PriceList['type']);
            }}
            disabled={saving}
          />
        </Stack>
        {type === 'percent' && (
          <NumberInput
            label="Percent off"
            required
            withAsterisk={false}
            min={0}
            max={PERCENT_MAX}
            decimalScale={2}
            allowNegative={false}
            hideControls
            rightSection={
              <Text size="sm" c="dimmed" aria-hidden>
                %
              </Text>
            }
            value={percent}
            onChange={fields.track('percent', setPercent)}
            disabled={saving}
            error={fields.of('percent')}
          />
        )}
      </SimpleGrid>
      {list?.type === 'fixed' && type === 'percent' && list.price_count > 0 && (
        <Text size="sm" c="orange">
          Saving as a percent list removes its {list.price_count.toLocaleString('en-US')} prices.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          type="datetime-local"
          label="Starts"
          description="Optional, your local time"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={startsAt}
          onChange={(e) => fields.track('starts_at', setStartsAt)(e.currentTarget.value)}
          disabled={saving}
          error={fields.of('starts_at')}
        />
        <TextInput
          type="datetime-local"
          label="Ends"
          description="Optional, your local time"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={endsAt}
          onChange={(e) => fields.track('ends_at', setEndsAt)(e.currentTarget.value)}
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
      <AssignPicker
        label={T.companies}
        chosen={companies}
        onChange={(next) => {
          fields.edited('company_ids');
          setCompanies(next);
        }}
        useOptions={useCompanyOptions}
        disabled={saving}
        error={fields.of('company_ids')}
        empty={T.noCompanies}
      />
      <AssignPicker
        label={T.customers}
        chosen={customers}
        onChange={(next) => {
          fields.edited('customer_ids');
          setCustomers(next);
        }}
        useOptions={useCustomerOptions}
        disabled={saving}
        error={fields.of('customer_ids')}
        empty={T.noCustomers}
      />
    </FormWithActions>
  );
}
