import { Button, Group } from '@mantine/core';

type Props = { saving: boolean; onCancel: () => void; saveLabel?: string };

/** A dialog form's Cancel and Save; Save is disabled (and spins) while the request runs. */
export function FormActions({ saving, onCancel, saveLabel = 'Save' }: Props) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
