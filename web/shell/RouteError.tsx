import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from './chunkError';
import { ROUTE_ERROR_TEXT as T } from './texts';
import { useDocumentTitle } from './useDocumentTitle';

const reload = () => window.location.reload();

/**
 * What a screen that failed shows instead of React Router's developer error page: a stale or
 * unreachable chunk asks for a reload; anything else says so plainly, with a way home.
 */
export function RouteError() {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  const title = stale ? T.staleTitle : T.failedTitle;
  useDocumentTitle(title);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{stale ? T.staleText : T.failedText}</Text>
        <Group justify="center">
          <Button onClick={reload}>{T.reload}</Button>
          {!stale && (
            // A full load, not a client navigation: the router's state is what failed.
            <Button component="a" href="/" variant="default">
              {T.home}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
