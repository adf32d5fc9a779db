import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowMerge, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { type CompanyDetail, CUSTOMER_TEXT } from '#domain/customers';
import { formatPrice } from '../../api/currency';
import { useAddCompanyNote, useCompanyDetail, useDeleteCompany } from '../../api/customers';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import classes from '../../components/desk/Desk.module.css';
import { SectionTitle } from '../../components/desk/DeskSection';
import { PaneFallback } from '../../components/desk/PaneFallback';
import { usePermissions } from '../../session/usePermissions';
import { CompanyDetails } from './CompanyDetails';
import { CompanyMergeDialog } from './CompanyMergeDialog';
import { NotesAndHistory } from './NotesAndHistory';
import { Figures, LinkedList, orderLine, priceListLine, requestLine } from './Sections';
import { CUSTOMER_SCREEN as T } from './texts';

type Props = {
  id: number;
  /** Opens another company in the pane (a merge's survivor), or none (after a delete). */
  onOpen: (id: number | null, how?: { replace?: boolean }) => void;
};

/**
 * The chosen company: its figures, details, people, their requests and orders, notes and history;
 * merging it into another, and deleting it.
 */
export function CompanyPane({ id, onOpen }: Props) {
  const detail = useCompanyDetail(id);
  const rights = usePermissions();
  const addNote = useAddCompanyNote(id);
  const remove = useDeleteCompany(id);
  const [dialog, setDialog] = useState<'merge' | 'delete' | null>(null);
  if (!detail.data) return <PaneFallback failed={detail.isError} notFound={T.companyNotFound} />;
  const company = detail.data;
  const mayEdit = rights.has('customer.edit');
  return (
    <Paper withBorder radius="md" p="lg" data-testid="company-pane">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title
            order={2}
            size="h3"
            style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 200px' }}
            data-testid="company-name"
          >
            {company.name}
          </Title>
          {mayEdit && (
            <Group gap="xs">
              <Button
                variant="default"
                size="sm"
                leftSection={<IconArrowMerge size={16} aria-hidden />}
                onClick={() => setDialog('merge')}
              >
                {T.merge}
              </Button>
              <Button
                variant="default"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDialog('delete')}
              >
                {T.deleteCompany}
              </Button>
            </Group>
          )}
        </Group>
        <Figures
          figures={[
            { label: T.people, value: String(company.customer_count) },
            { label: T.requests, value: String(company.request_count) },
            { label: T.orders, value: String(company.order_count) },
            { label: T.acceptedValue, value: formatPrice(company.accepted_value) },
          ]}
        />
        <CompanyDetails company={company} mayEdit={mayEdit} />
        <People company={company} />
        <LinkedList title={T.requests} empty={T.noRequests} testId="company-requests">
          {company.requests.map(requestLine)}
        </LinkedList>
        <LinkedList title={T.orders} empty={T.noOrders} testId="company-orders">
          {company.orders.map(orderLine)}
        </LinkedList>
        <LinkedList title={T.priceLists} empty={T.noPriceLists} testId="company-price-lists">
          {company.price_lists.map(priceListLine)}
        </LinkedList>
        <NotesAndHistory type="company" entry={company} add={mayEdit ? addNote : undefined} />
      </Stack>
      {mayEdit && (
        <>
          <CompanyMergeDialog
            opened={dialog === 'merge'}
            company={company}
            onClose={() => setDialog(null)}
            onMerged={(intoId) => {
              setDialog(null);
              toast.success(CUSTOMER_TEXT.companyMerged);
              onOpen(intoId, { replace: true });
            }}
          />
          <ConfirmDialog
            opened={dialog === 'delete'}
            title={T.deleteCompanyTitle}
            message={T.deleteCompanyText(company.name, company.customer_count)}
            busy={remove.isPending}
            onClose={() => setDialog(null)}
            onConfirm={() =>
              // Awaited: the deleted company's pane goes as the refresh lands.
              remove
                .mutateAsync()
                .then(() => {
                  setDialog(null);
                  toast.success(CUSTOMER_TEXT.companyDeleted);
                  onOpen(null, { replace: true });
                })
                .catch(() => undefined)
            }
          />
        </>
      )}
    </Paper>
  );
}

function People({ company }: { company: CompanyDetail }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" gap="xs">
        <SectionTitle id={titleId}>{T.people}</SectionTitle>
        {company.people.length > 0 && (
          <Anchor component={Link} to={`/customers?company_id=${company.id}`} size="xs">
            {T.seeAll}
          </Anchor>
        )}
      </Group>
      {company.people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noPeople}
        </Text>
      ) : (
        <ul className={classes.timeline} data-testid="company-people">
          {company.people.map((p) => (
            <li key={p.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                <Anchor
                  component={Link}
                  to={`/customers?${new URLSearchParams({ company_id: String(company.id), selected: String(p.id) })}`}
                  size="sm"
                  style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                >
                  {p.name}
                </Anchor>
                <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
                  {formatPrice(p.accepted_value)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {p.email} · {T.requestCount(p.request_count)}
                {p.sees_company && ` · ${T.seesAll}`}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
