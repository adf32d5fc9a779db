import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { BUILDER_TEXT as T } from '#domain/quote-texts';
import { useProductOptions } from '../../api/discounts';
import { SearchSelect } from '../../components/SearchSelect';
import { QuoteStatusBadge } from '../../components/StatusBadge';
import { DraftLineRow } from './DraftLineRow';
import classes from './QuoteBuilder.module.css';
import type { QuoteDraft } from './useQuoteDraft';

/** The draft's lines, in order, and the ways to add one: a product from the catalogue or a typed line. */
export function DraftLines({ editor }: { editor: QuoteDraft }) {
  const { draft, errors } = editor;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {T.lines}
        </Title>
        <QuoteStatusBadge status="draft" />
      </Group>
      {errors.lines && (
        <Text c="red" size="sm" mb="xs" role="alert">
          {errors.lines}
        </Text>
      )}
      <ol className={classes.lines} aria-label={T.lines}>
        {draft.lines.map((line, i) => (
          <DraftLineRow key={line.key} editor={editor} line={line} index={i} />
        ))}
      </ol>
      <Group gap="sm" mt="sm" align="flex-end" wrap="wrap">
        <SearchSelect
          label={T.addProduct}
          placeholder={T.addProductPlaceholder}
          value={null}
          selectedLabel={null}
          onChange={(id) => void editor.addProduct(id)}
          useOptions={useProductOptions}
          disabled={editor.adding || editor.full}
          style={{ flex: '1 1 240px' }}
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={editor.full}
          onClick={editor.addFreeLine}
        >
          {T.addFreeLine}
        </Button>
      </Group>
    </Paper>
  );
}
