import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './ListTable.module.css';
import { EmptyRow, SkeletonRows } from './TableStates';

type Props<T> = {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** Below this width the table scrolls sideways instead of squeezing (phones). */
  minWidth: number;
  items: readonly T[] | undefined;
  loading: boolean;
  failed: boolean;
  failedText: string;
  emptyText: string;
  renderRow: (item: T) => ReactNode;
};

/** A list screen's table with its loading, failed and empty states. */
export function ListTable<T>(props: Props<T>) {
  const { label, columns, minWidth, items, loading, failed, failedText, emptyText, renderRow } = props;
  // A last column of row buttons (RowActions) stays in view on a phone.
  const actionsLast = columns.at(-1) === 'Actions';
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-label={label}
        aria-busy={loading}
        className={actionsLast ? classes.pinActions : undefined}
        // Rows of the previous page stay visible, dimmed, while the next one loads.
        style={{ opacity: loading && items ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !items ? (
            <SkeletonRows columns={columns.length} />
          ) : failed && !items ? (
            <EmptyRow columns={columns.length} text={failedText} />
          ) : !items?.length ? (
            <EmptyRow columns={columns.length} text={emptyText} />
          ) : (
            items.map(renderRow)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
