import type { ComponentProps } from 'react';
import { NotesSection } from '../../components/desk/DeskSection';
import { usePermissions } from '../../session/usePermissions';
import { ChangeHistory } from './Sections';
import { CUSTOMER_SCREEN as T } from './texts';

type Notes = ComponentProps<typeof NotesSection>;

type Props = {
  type: 'customer' | 'company';
  entry: { id: number; notes: Notes['notes'] };
  /** Posts a note; absent for a role that may not edit customers. */
  add: Notes['add'];
};

/** The foot of a customer's or a company's pane: staff's notes, then the change history for a role that reads it. */
export function NotesAndHistory({ type, entry, add }: Props) {
  const rights = usePermissions();
  return (
    <>
      <NotesSection title={T.notes} notes={entry.notes} add={add} testId={`${type}-notes`} />
      {rights.has('history.read') && <ChangeHistory type={type} id={entry.id} />}
    </>
  );
}
