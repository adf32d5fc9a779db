import {
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import {
  type CompanyDetail,
  CUSTOMER_LIMITS,
  CUSTOMER_TEXT,
  type PatchCompanyBody,
  patchCompanyBody,
} from '#domain/customers';
import { formatDecimal } from '../../api/currency';
import { useAddCompanyNote, useCompanyDetail, usePatchCompany } from '../../api/customers';
import { useFieldErrors } from '../../api/errors';
import { DetailList } from '../../components/DetailList';
import { UnsavedChangesPrompt } from '../../components/DiscardChangesDialog';
import classes from '../../components/desk/Desk.module.css';
import { NotesSection, SectionTitle } from '../../components/desk/DeskSection';
import { useUnsavedChanges } from '../../components/useUnsavedChanges';
import { usePermissions } from '../../session/usePermissions';
import { ChangeHistory, Figures, LinkedList, orderLine, requestLine } from './Sections';
import { CUSTOMER_SCREEN as T } from './texts';
import { issuesByField } from './validation';

/** The chosen company: its figures, details, people, their requests and orders, notes and history. */
export function CompanyPane({ id }: { id: number }) {
  const detail = useCompanyDetail(id);
  const rights = usePermissions();
  const addNote = useAddCompanyNote(id);
  if (!detail.data)
    return (
      <Paper withBorder radius="md" p="lg">
        {detail.isError ? (
          <Text c="dimmed" ta="center">
            {T.companyNotFound}
          </Text>
        ) : (
          <Stack aria-hidden>
            <Skeleton height={28} width="40%" />
            <Skeleton height={120} />
          </Stack>
        )}
      </Paper>
    );
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
        <NotesSection
          title={T.notes}
          notes={company.notes}
          add={mayEdit ? addNote : undefined}
          testId="company-notes"
        />
        {rights.has('history.read') && <ChangeHistory type="company" id={company.id} />}
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

type Draft = { name: string; phone: string; website: string; address: string };

const draftOf = (c: CompanyDetail): Draft => ({
  name: c.name,
  phone: c.phone ?? '',
  website: c.website ?? '',
  address: c.address ?? '',
});

function changes(c: CompanyDetail, d: Draft): PatchCompanyBody {
  const body: PatchCompanyBody = {};
  if (d.name !== c.name) body.name = d.name;
  for (const field of ['phone', 'website', 'address'] as const)
    if (d[field] !== (c[field] ?? '')) body[field] = d[field].trim() ? d[field] : null;
  return body;
}

/** The company's name, phone, website and address: read, or edited with Edit → Save. */
function CompanyDetails({ company, mayEdit }: { company: CompanyDetail; mayEdit: boolean }) {
  const titleId = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const patch = usePatchCompany(company.id);
  const server = useFieldErrors(patch.error);
  const [local, setLocal] = useState<Record<string, string>>({});
  const body = draft ? changes(company, draft) : {};
  const dirty = Object.keys(body).length > 0;
  const leave = useUnsavedChanges(draft !== null && dirty);
  const edit = (field: keyof Draft, value: string) => {
    server.edited(field);
    setLocal(({ [field]: _gone, ...rest }) => rest);
    setDraft((d) => (d ? { ...d, [field]: value } : d));
  };
  const error = (field: keyof Draft) => local[field] ?? server.of(field);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) {
      setDraft(null);
      return;
    }
    const parsed = patchCompanyBody.safeParse(body);
    if (!parsed.success) {
      setLocal(issuesByField(parsed.error.issues));
      return;
    }
    patch.mutate(body, {
      onSuccess: () => {
        toast.success(CUSTOMER_TEXT.companySaved);
        setDraft(null);
      },
    });
  };
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" gap="xs">
        <SectionTitle id={titleId}>{T.companyDetails}</SectionTitle>
        {mayEdit && !draft && (
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => {
              setLocal({});
              setDraft(draftOf(company));
            }}
          >
            {T.edit}
          </Button>
        )}
      </Group>
      {draft ? (
        <form onSubmit={save} noValidate data-testid="company-form">
          <Stack gap="sm">
            <TextInput
              label={T.name}
              required
              value={draft.name}
              maxLength={CUSTOMER_LIMITS.companyName}
              onChange={(e) => edit('name', e.currentTarget.value)}
              error={error('name')}
              data-autofocus
            />
            <TextInput
              label={T.phone}
              type="tel"
              value={draft.phone}
              maxLength={CUSTOMER_LIMITS.phone}
              onChange={(e) => edit('phone', e.currentTarget.value)}
              error={error('phone')}
            />
            <TextInput
              label={T.website}
              value={draft.website}
              maxLength={CUSTOMER_LIMITS.website}
              onChange={(e) => edit('website', e.currentTarget.value)}
              error={error('website')}
            />
            <Textarea
              label={T.address}
              autosize
              minRows={2}
              value={draft.address}
              maxLength={CUSTOMER_LIMITS.address}
              onChange={(e) => edit('address', e.currentTarget.value)}
              error={error('address')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDraft(null)} disabled={patch.isPending}>
                {T.cancel}
              </Button>
              <Button type="submit" loading={patch.isPending}>
                {T.save}
              </Button>
            </Group>
          </Stack>
          <UnsavedChangesPrompt guard={leave} />
        </form>
      ) : (
        <DetailList
          items={[
            { label: T.phone, value: company.phone },
            { label: T.website, value: company.website },
            {
              label: T.address,
              value: company.address ? <span className={classes.message}>{company.address}</span> : null,
            },
          ]}
        />
      )}
    </section>
  );
}
