import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { QUOTE_APPROVAL_SCREEN as T } from '#domain/quote-approval';
import { fieldErrors, toastError } from '../../api/errors';
import { useApprovalSettings, useSaveApprovalSettings } from '../../api/quote-approval';

/** A limit as typed: empty is off (null); anything else goes to the server as typed, which judges it. */
const limitOf = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The quote approval limits: a line's discount below the customer's price and a quote's total,
 * each off when empty. A bad value comes back from the server named by its field.
 */
export function QuoteApprovalPanel() {
  const settings = useApprovalSettings();
  const save = useSaveApprovalSettings();
  const [typed, setTyped] = useState<{ percent: string; total: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = settings.data;
  const value = typed ?? {
    percent: loaded?.max_discount_percent == null ? '' : String(loaded.max_discount_percent),
    total: loaded?.max_total == null ? '' : String(loaded.max_total),
  };
  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({
        max_discount_percent: limitOf(value.percent),
        max_total: limitOf(value.total),
      });
      setTyped(null);
      toast.success(T.saved);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toastError(error, T.saveFailed);
    }
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={560}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="quote-approval-settings"
      >
        <Stack gap="sm">
          <Title order={2} size="h5">
            {T.settingsTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {T.settingsCaption}
          </Text>
          <TextInput
            label={T.maxDiscountLabel}
            inputMode="decimal"
            value={value.percent}
            onChange={(e) => setTyped({ ...value, percent: e.currentTarget.value })}
            error={errors.max_discount_percent}
            disabled={!loaded}
          />
          <TextInput
            label={T.maxTotalLabel}
            inputMode="decimal"
            value={value.total}
            onChange={(e) => setTyped({ ...value, total: e.currentTarget.value })}
            error={errors.max_total}
            disabled={!loaded}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!loaded}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
