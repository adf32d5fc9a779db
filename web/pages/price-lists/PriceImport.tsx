import { Alert, Button, FileInput, Group, List, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { PRICE_LIST_IMPORT, type PriceListImportMode } from '#domain/price-lists';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useImportPrices } from '../../api/priceLists';
import { PRICE_LIST_SCREEN as T } from './texts';

/**
 * A CSV into the grid: the file, merge or replace, the upload's progress, then what was set or
 * every refused row by its row in the file (the server changes nothing when any row is bad).
 */
export function PriceImport({ listId }: { listId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<PriceListImportMode>('merge');
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useImportPrices(listId);
  const rows = Object.entries(fieldErrors(upload.error));
  const tooLarge = file !== null && file.size > PRICE_LIST_IMPORT.maxBytes;

  const start = () => {
    if (!file || tooLarge) return;
    setProgress(0);
    upload.mutate(
      { file, mode, onProgress: setProgress },
      {
        onSuccess: () => setFile(null),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" fw={600}>
        {T.importTitle}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {T.importHelp}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <FileInput
              label="CSV file"
              placeholder="Choose a file"
              accept=".csv,text/csv"
              value={file}
              onChange={(f) => {
                upload.reset();
                setFile(f);
              }}
              clearable
              error={
                tooLarge
                  ? `A prices file is at most ${PRICE_LIST_IMPORT.maxBytes / 1024 / 1024} MB`
                  : undefined
              }
              style={{ flex: '1 1 240px' }}
              data-testid="price-import-file"
            />
            <Button
              type="submit"
              leftSection={<IconFileUpload size={16} aria-hidden />}
              disabled={!file || tooLarge}
              loading={upload.isPending}
            >
              {T.importButton}
            </Button>
          </Group>
          <Radio.Group
            value={mode}
            onChange={(v) => setMode(v as PriceListImportMode)}
            aria-label="Import mode"
          >
            <Group gap="md">
              <Radio value="merge" label={T.importMerge} />
              <Radio value="replace" label={T.importReplace} />
            </Group>
          </Radio.Group>
          <div aria-live="polite">
            {upload.isPending && (
              <Text size="sm" c="dimmed">
                {progress !== null && progress < 100 ? T.uploading(progress) : T.checking}
              </Text>
            )}
            {upload.isSuccess && (
              <Alert color="green" variant="light" p="xs" data-testid="price-import-result">
                {T.imported(upload.data.count, upload.data.mode)}
              </Alert>
            )}
            {upload.isError && (
              <Alert color="red" variant="light" p="xs" data-testid="price-import-errors">
                <Text size="sm" fw={600}>
                  {errorMessage(upload.error, T.importFailed)}
                </Text>
                {rows.length > 0 && (
                  <List size="sm" mt={4}>
                    {rows.map(([row, message]) => (
                      <List.Item key={row}>
                        {row}: {message}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
