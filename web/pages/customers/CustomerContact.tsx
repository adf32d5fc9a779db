import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT_LIMITS } from '#domain/constants';
import {
  CUSTOMER_LIMITS,
  CUSTOMER_TEXT,
  type CustomerDetail,
  type PatchCustomerBody,
  patchCustomerBody,
} from '#domain/customers';
import { useCompanyOptions, usePatchCustomer } from '../../api/customers';
import { useFieldErrors } from '../../api/errors';
import { DetailList } from '../../components/DetailList';
import { UnsavedChangesPrompt } from '../../components/DiscardChangesDialog';
import { SectionTitle } from '../../components/desk/DeskSection';
import { SearchSelect } from '../../components/SearchSelect';
import { useUnsavedChanges } from '../../components/useUnsavedChanges';
import { CUSTOMER_SCREEN as T } from './texts';
import { issuesByField } from './validation';

const NONE = 'none';

type Draft = { name: string; email: string; phone: string; companyId: string; companyName: string | null };

const draftOf = (c: CustomerDetail): Draft => ({
  name: c.name,
  email: c.email,
  phone: c.phone ?? '',
  companyId: c.company ? String(c.company.id) : NONE,
  companyName: c.company?.name ?? null,
});

/** Only what changed goes to the server, so an edit never rewrites what it did not touch. */
function changes(c: CustomerDetail, d: Draft): PatchCustomerBody {
  const body: PatchCustomerBody = {};
  if (d.name !== c.name) body.name = d.name;
  if (d.email !== c.email) body.email = d.email;
  if (d.phone !== (c.phone ?? '')) body.phone = d.phone.trim() ? d.phone : null;
  const companyId = d.companyId === NONE ? null : Number(d.companyId);
  if (companyId !== (c.company?.id ?? null)) body.company_id = companyId;
  return body;
}

/** The customer's name, e-mail, phone and company: read, or edited with Edit → Save. */
export function CustomerContact({ customer, mayEdit }: { customer: CustomerDetail; mayEdit: boolean }) {
  const titleId = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const patch = usePatchCustomer(customer.id);
  const server = useFieldErrors(patch.error);
  const [local, setLocal] = useState<Record<string, string>>({});
  const body = draft ? changes(customer, draft) : {};
  const dirty = Object.keys(body).length > 0;
  const leave = useUnsavedChanges(draft !== null && dirty);

  const edit = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    server.edited(field === 'companyId' ? 'company_id' : field);
    setLocal(({ [field === 'companyId' ? 'company_id' : field]: _gone, ...rest }) => rest);
    setDraft((d) => (d ? { ...d, [field]: value } : d));
  };
  const error = (field: string) => local[field] ?? server.of(field);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (!dirty) {
      setDraft(null);
      return;
    }
    const parsed = patchCustomerBody.safeParse(body);
    if (!parsed.success) {
      setLocal(issuesByField(parsed.error.issues));
      return;
    }
    patch.mutate(body, {
      onSuccess: () => {
        toast.success(CUSTOMER_TEXT.saved);
        setDraft(null);
      },
    });
  };

  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" gap="xs">
        <SectionTitle id={titleId}>{T.contact}</SectionTitle>
        {mayEdit && !draft && (
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => {
              setLocal({});
              setDraft(draftOf(customer));
            }}
          >
            {T.edit}
          </Button>
        )}
      </Group>
      {draft ? (
        <form onSubmit={save} noValidate data-testid="customer-form">
          <Stack gap="sm">
            <TextInput
              label={T.name}
              required
              value={draft.name}
              maxLength={TEXT_LIMITS.name}
              onChange={(e) => edit('name', e.currentTarget.value)}
              error={error('name')}
              data-autofocus
            />
            <TextInput
              label={T.email}
              type="email"
              required
              value={draft.email}
              maxLength={TEXT_LIMITS.email}
              onChange={(e) => edit('email', e.currentTarget.value)}
              error={error('email')}
            />
            <TextInput
              label={T.phone}
              type="tel"
              value={draft.phone}
              maxLength={CUSTOMER_LIMITS.phone}
              onChange={(e) => edit('phone', e.currentTarget.value)}
              error={error('phone')}
            />
            <SearchSelect
              label={T.company}
              placeholder={T.pickCompany}
              value={draft.companyId}
              selectedLabel={draft.companyId === NONE ? T.noCompany : draft.companyName}
              fixed={[{ value: NONE, label: T.noCompany }]}
              onChange={(v, label) => {
                edit('companyId', v ?? NONE);
                edit('companyName', v && v !== NONE ? label : null);
              }}
              useOptions={useCompanyOptions}
              error={error('company_id')}
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
            { label: T.name, value: customer.name },
            {
              label: T.email,
              value: (
                <Anchor href={`mailto:${customer.email}`} style={{ overflowWrap: 'anywhere' }}>
                  {customer.email}
                </Anchor>
              ),
            },
            { label: T.phone, value: customer.phone },
            { label: T.company, value: customer.company?.name ?? T.noCompany },
          ]}
        />
      )}
    </section>
  );
}
