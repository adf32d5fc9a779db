import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { CONFIRM, FALLBACK, TOAST } from '#domain/messages';
import { logoutEverywhere } from '../../api/auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLogout } from '../../session/useLogout';

/** Ends every session of this account: after a lost laptop or a shared computer. */
export function SessionsCard() {
  const [confirming, setConfirming] = useState(false);
  const logout = useLogout();
  const everywhere = useMutation({
    mutationFn: logoutEverywhere,
    meta: { errorMessage: FALLBACK.signOutEverywhere },
    onSuccess: () => {
      toast.success(TOAST.signedOutEverywhere);
      logout({ alreadyRevoked: true });
    },
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Sessions
      </Title>
      <Text size="sm" c="dimmed">
        Signed in on another computer, or lost a device? End every session of this account at once.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Sign out everywhere
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Sign out everywhere"
        message={CONFIRM.signOutEverywhere}
        confirmLabel="Sign out everywhere"
        busy={everywhere.isPending}
        onConfirm={() => everywhere.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
