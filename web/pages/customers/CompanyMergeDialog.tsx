import { List, Text } from '@mantine/core';
import type { CompanyDetail } from '#domain/customers';
import { useCompanyOptions, useMergeCompany } from '../../api/customers';
import { MergeIntoDialog } from './MergeIntoDialog';
import { CUSTOMER_SCREEN as T } from './texts';

type Props = {
  opened: boolean;
  company: CompanyDetail;
  onClose: () => void;
  onMerged: (intoId: number) => void;
};

/** "Merge into…" for a company: its people and notes move; the merged company is gone. */
export function CompanyMergeDialog({ opened, company, onClose, onMerged }: Props) {
  const merge = useMergeCompany(company.id);
  return (
    <MergeIntoDialog
      opened={opened}
      id={company.id}
      title={T.companyMergeTitle}
      pick={{ label: T.companyMergePick, placeholder: T.companyMergePickPlaceholder }}
      useOptions={useCompanyOptions}
      merge={merge}
      onClose={onClose}
      onMerged={onMerged}
      summary={(into) => (
        <div data-testid="company-merge-summary">
          <Text size="sm">{T.mergeMoves(company.name, into)}</Text>
          <List size="sm" mt={4} mb={4}>
            <List.Item>{T.companyMergePeople(company.customer_count)}</List.Item>
            <List.Item>{T.mergeNotes(company.notes.length)}</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {T.companyMergeKept(company.name, into)}
          </Text>
        </div>
      )}
    />
  );
}
