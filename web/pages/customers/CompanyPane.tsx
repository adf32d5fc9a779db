import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import type { CompanyDetail } from '#domain/customers';
import { formatDecimal } from '../../api/currency';
import { useAddCompanyNote, useCompanyDetail } from '../../api/customers';
import classes from '../../components/desk/Desk.module.css';
import { SectionTitle } from '../../components/desk/DeskSection';
import { PaneFallback } from '../../components/desk/PaneFallback';
import { usePermissions } from '../../session/usePermissions';
import { CompanyDetails } from './CompanyDetails';
import { NotesAndHistory } from './NotesAndHistory';
import { Figures, LinkedList, orderLine, requestLine } from './Sections';
import { CUSTOMER_SCREEN as T } from './texts';

/** The chosen company: its figures, details, people, their requests and orders, notes and history. */
export function CompanyPane({ id }: { id: number }) {
  const detail = useCompanyDetail(id);
  const rights = usePermissions();
  const addNote = useAddCompanyNote(id);
  if (!detail.data) return <PaneFallback failed={detail.isError} notFound={T.companyNotFound} />;
  const company = detail.data;
  const mayEdit = rights.has('customer.edit');
  return (
    <Paper withBorder radius="md" p="lg" data-testid="company-pane">
      <Stack gap="lg">
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="company-name">
          {company.name}
        </Title>
        <Figures
          figures={[
            { label: T.people, value: String(company.customer_count) },
            { label: T.requests, value: String(company.request_count) },
            { label: T.orders, value: String(company.order_count) },
            { label: T.acceptedValue, value: formatDecimal(company.accepted_value) },
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
        <NotesAndHistory type="company" entry={company} add={mayEdit ? addNote : undefined} />
      </Stack>
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
                  {formatDecimal(p.accepted_value)}
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
