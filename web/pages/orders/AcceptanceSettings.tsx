import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ACCEPT_FIELDS, type AcceptField, ORDER_TEXT } from '#domain/orders';
import { useOrderSettings, useSaveOrderSettings } from '../../api/orders';

/** Staff choose which of the acceptance form's order fields the customer must fill. */
export function AcceptanceSettings() {
  const [open, setOpen] = useState(false);
  const settings = useOrderSettings(open);
  const save = useSaveOrderSettings();
  const [chosen, setChosen] = useState<AcceptField[] | null>(null);
  const value = chosen ?? settings.data?.required_fields ?? [];
  const close = () => {
    setOpen(false);
    setChosen(null);
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSettings size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {ORDER_TEXT.settingsTitle}
      </Button>
      <Modal
        opened={open}
        onClose={() => !save.isPending && close()}
        title={ORDER_TEXT.settingsTitle}
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { required_fields: value },
              {
                onSuccess: () => {
                  toast.success(ORDER_TEXT.settingsSaved);
                  close();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {ORDER_TEXT.settingsHint}
            </Text>
            <Checkbox.Group value={value} onChange={(v) => setChosen(v as AcceptField[])}>
              <Stack gap="xs" data-testid="acceptance-fields">
                {ACCEPT_FIELDS.map((f) => (
                  <Checkbox key={f} value={f} label={ORDER_TEXT.fieldLabel[f]} disabled={!settings.data} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!settings.data}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
