import { Anchor, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '#domain/constants';
import {
  CUSTOMER_LIMITS,
  CUSTOMER_TEXT,
  type CustomerDetail,
  type PatchCustomerBody,
  patchCustomerBody,
} from '#domain/customers';
import { useCompanyOptions, usePatchCustomer } from '../../api/customers';
import { EditableSection } from '../../components/desk/EditableSection';
import { useDraftEdit } from '../../components/desk/useDraftEdit';
import { SearchSelect } from '../../components/SearchSelect';
import { CUSTOMER_SCREEN as T } from './texts';

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

const EDITING = {
  draftOf,
  changes,
  schema: patchCustomerBody,
  savedText: CUSTOMER_TEXT.saved,
  bodyKey: (field: keyof Draft) => (field === 'companyId' ? 'company_id' : field),
};

/** The customer's name, e-mail, phone and company: read, or edited with Edit → Save. */
export function CustomerContact({ customer, mayEdit }: { customer: CustomerDetail; mayEdit: boolean }) {
  const form = useDraftEdit(customer, usePatchCustomer(customer.id), EDITING);
  const { edit, error, bind } = form;
  return (
    <EditableSection
      title={T.contact}
      mayEdit={mayEdit}
      form={form}
      fields={(draft) => (
        <>
          <TextInput label={T.name} required maxLength={TEXT_LIMITS.name} {...bind('name')} data-autofocus />
          <TextInput label={T.email} type="email" required maxLength={TEXT_LIMITS.email} {...bind('email')} />
          <TextInput label={T.phone} type="tel" maxLength={CUSTOMER_LIMITS.phone} {...bind('phone')} />
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
        </>
      )}
      details={[
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
      formTestId="customer-form"
    />
  );
}
