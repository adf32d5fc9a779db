import type { SectionDraft } from './drafts';
import { ListForm } from './ListForm';
import { SpecForm } from './SpecForm';
import { TableForm } from './TableForm';

type Props = { value: SectionDraft; onChange: (value: SectionDraft) => void; disabled?: boolean };

/** The form for a draft's kind; the Add Section dialog and each section's edit mode share it. */
export function SectionForm({ value, onChange, disabled }: Props) {
  switch (value.kind) {
    case 'list':
      return <ListForm value={value} onChange={onChange} disabled={disabled} />;
    case 'spec_group':
      return <SpecForm value={value} onChange={onChange} disabled={disabled} />;
    case 'table':
      return <TableForm value={value} onChange={onChange} disabled={disabled} />;
  }
}
