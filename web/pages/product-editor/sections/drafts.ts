import {
  cleanColumns,
  cleanItems,
  cleanRows,
  cleanSpecs,
  type ProductList,
  SECTION_MESSAGES,
  type SpecGroup,
} from '#domain/sections';
import type { SectionKind, SectionSave } from '../../../api/products';
import { type ContentSection, parseTable } from './contentSections';

let lastKey = 0;
/** Rows have no ids until saved; a key per row keeps inputs (and focus) in place on removal. */
export const rowKey = () => ++lastKey;

/** A stored row's fields, keyed in place of the id it does not have yet. */
type RowDraft<Row extends { id: number }> = Omit<Row, 'id'> & { key: number };
export type ListItemDraft = RowDraft<ProductList['items'][number]>;
export type SpecRow = RowDraft<SpecGroup['specs'][number]>;
export type TableRowDraft = { key: number; cells: string[] };

/** What a section form edits: plain text, cleaned only when saved. */
export type ListDraft = { kind: 'list'; items: ListItemDraft[] } & Pick<ProductList, 'title' | 'description'>;
export type SpecDraft = { kind: 'spec_group'; name: string; intro: string; rows: SpecRow[] };
export type TableDraft = {
  kind: 'table';
  heading: string;
  intro: string;
  /** Comma-separated, as typed. */
  columns: string;
  rows: TableRowDraft[];
  note: string;
};
export type SectionDraft = ListDraft | SpecDraft | TableDraft;

export const emptyListItem = (): ListItemDraft => ({ key: rowKey(), caption: '' });
export const emptySpecRow = (): SpecRow => ({ key: rowKey(), label: '', value: '', unit: '' });
export const emptyTableRow = (): TableRowDraft => ({ key: rowKey(), cells: [] });

export function emptyDraft(kind: SectionKind): SectionDraft {
  switch (kind) {
    case 'list':
      return { kind, title: '', description: null, items: [emptyListItem()] };
    case 'spec_group':
      return { kind, name: '', intro: '', rows: [emptySpecRow()] };
    case 'table':
      return { kind, heading: '', intro: '', columns: '', rows: [emptyTableRow()], note: '' };
  }
}

export function draftOf(s: ContentSection): SectionDraft {
  switch (s.kind) {
    case 'list':
      return {
        kind: 'list',
        title: s.section.title,
        description: s.section.description,
        items: s.section.items.map((i) => ({ key: rowKey(), caption: i.caption })),
      };
    case 'spec_group':
      return {
        kind: 'spec_group',
        name: s.section.name,
        intro: s.section.intro ?? '',
        rows: s.section.specs.map(({ label, value, unit }) => ({ key: rowKey(), label, value, unit })),
      };
    case 'table': {
      const { columns, rows } = parseTable(s.section);
      return {
        kind: 'table',
        heading: s.section.heading,
        intro: s.section.intro ?? '',
        columns: columns.join(', '),
        rows: rows.map((cells) => ({ key: rowKey(), cells })),
        note: s.section.note ?? '',
      };
    }
  }
}

const orNull = (text: string) => text.trim() || null;

/**
 * The request for a draft, cleaned by the shared rules (domain/sections.ts), or the refusal when
 * it cannot be saved: then no request goes out.
 */
export function draftToSave(
  draft: SectionDraft,
  id: number | null,
): { save: SectionSave; error?: never } | { error: string; save?: never } {
  switch (draft.kind) {
    case 'list': {
      const title = draft.title.trim();
      const items = cleanItems(draft.items);
      if (!title || items.length === 0) return { error: SECTION_MESSAGES.listRequired };
      return {
        save: {
          kind: 'list',
          id,
          body: { title, description: draft.description, items: items.map((caption) => ({ caption })) },
        },
      };
    }
    case 'spec_group': {
      const name = draft.name.trim();
      const specs = cleanSpecs(draft.rows);
      if (!name || specs.length === 0) return { error: SECTION_MESSAGES.specsRequired };
      return { save: { kind: 'spec_group', id, body: { name, intro: orNull(draft.intro), specs } } };
    }
    case 'table': {
      const heading = draft.heading.trim();
      const columns = cleanColumns(draft.columns);
      if (!heading || columns.length === 0) return { error: SECTION_MESSAGES.tableRequired };
      return {
        save: {
          kind: 'table',
          id,
          body: {
            heading,
            intro: orNull(draft.intro),
            columns,
            rows: cleanRows(
              draft.rows.map((r) => r.cells),
              columns.length,
            ),
            note: orNull(draft.note),
          },
        },
      };
    }
  }
}
