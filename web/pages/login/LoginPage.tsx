import {
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT_LIMITS } from '#domain/constants';
import { LOGIN_TEXT, TOAST } from '#domain/messages';
import { useLogin } from '../../session/useLogin';
import { ErrorBanner } from '../../shell/ErrorBanner';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, pending } = useLogin();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(email, password);
  };

  return (
    <Center mih="100dvh" p="md" bg="var(--app-color-frame)">
      <Box w="100%" maw={420}>
        <ErrorBanner />
        <Group gap={8} justify="center" mb="lg">
          <IconBuildingWarehouse size={28} stroke={1.6} aria-hidden />
          <Text fw={700} size="xl">
            Stockroom
          </Text>
        </Group>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap={4} mb="lg">
            <Title order={1} size="h2">
              {LOGIN_TEXT.title}
            </Title>
            <Text c="dimmed" size="sm">
              {LOGIN_TEXT.subtitle}
            </Text>
          </Stack>
          {/* noValidate: the app's own toast replaces the browser's required-field bubbles. */}
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="username"
                value={email}
                maxLength={TEXT_LIMITS.email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                label="Password"
                required
                autoComplete="current-password"
                visibilityToggleFocusable
                value={password}
                maxLength={TEXT_LIMITS.password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <Group justify="flex-end" mt={-8}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => toast(TOAST.forgotPassword)}
                >
                  Forgot password?
                </Anchor>
              </Group>
              <Button type="submit" fullWidth loading={pending} disabled={pending}>
                Sign In
              </Button>
            </Stack>
          </form>
          <Text c="dimmed" size="xs" mt="lg" ta="center">
            {LOGIN_TEXT.hint}
          </Text>
        </Paper>
      </Box>
    </Center>
  );
}
