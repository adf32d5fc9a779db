import { describe, expect, it } from 'vitest';
import { SECTION_MESSAGES } from '#domain/sections';
import type { ContentSection } from './contentSections';
import { draftOf, draftToSave, emptyDraft, rowKey } from './drafts';

describe('section drafts', () => {
  it('drops empty list items and refuses a list without any', () => {
    const draft = { kind: 'list' as const, title: ' Features ', description: null, items: [] as never[] };
    expect(draftToSave({ ...draft, items: [{ key: rowKey(), caption: '  ' }] }, null)).toEqual({
      error: SECTION_MESSAGES.listRequired,
    });
    expect(
      draftToSave(
        {
          ...draft,
          items: [
            { key: rowKey(), caption: ' Oak ' },
            { key: rowKey(), caption: '' },
          ],
        },
        7,
      ),
    ).toEqual({
      save: {
        kind: 'list',
        id: 7,
        body: { title: 'Features', description: null, items: [{ caption: 'Oak' }] },
      },
    });
  });

  it('drops spec rows missing a label or a value', () => {
    const draft = emptyDraft('spec_group');
    if (draft.kind !== 'spec_group') throw new Error('kind');
    expect(draftToSave({ ...draft, name: 'Size' }, null)).toEqual({ error: SECTION_MESSAGES.specsRequired });
    const rows = [
      { key: rowKey(), label: 'Width', value: '120', unit: 'cm' },
      { key: rowKey(), label: 'Colour', value: '', unit: '' },
    ];
    expect(draftToSave({ ...draft, name: 'Size', intro: ' ', rows }, null)).toEqual({
      save: {
        kind: 'spec_group',
        id: null,
        body: { name: 'Size', intro: null, specs: [{ label: 'Width', value: '120', unit: 'cm' }] },
      },
    });
  });

  it('splits table columns by comma and pads rows to the column count', () => {
    const draft = emptyDraft('table');
    if (draft.kind !== 'table') throw new Error('kind');
    expect(draftToSave({ ...draft, heading: 'Sizes', columns: ' , ' }, null)).toEqual({
      error: SECTION_MESSAGES.tableRequired,
    });
    const result = draftToSave(
      {
        ...draft,
        heading: 'Sizes',
        columns: 'Size, , Seats',
        rows: [
          { key: rowKey(), cells: ['S'] },
          { key: rowKey(), cells: [] },
        ],
      },
      null,
    );
    expect(result.save?.body).toEqual({
      heading: 'Sizes',
      intro: null,
      columns: ['Size', 'Seats'],
      rows: [['S', '']],
      note: null,
    });
  });

  it('opens a stored table with its columns as comma text and its rows as cells', () => {
    const section: ContentSection = {
      kind: 'table',
      block: { id: 1, block_type: 'table', ref_id: 3, position: 2 },
      section: {
        id: 3,
        heading: 'Sizes',
        intro: null,
        columns_json: '["Size","Seats"]',
        rows_json: '[["S","2"]]',
        note: null,
      },
    };
    const draft = draftOf(section);
    expect(draft).toMatchObject({ kind: 'table', columns: 'Size, Seats', rows: [{ cells: ['S', '2'] }] });
  });
});
