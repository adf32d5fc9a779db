import { Textarea, TextInput } from '@mantine/core';
import {
  type CompanyDetail,
  CUSTOMER_LIMITS,
  CUSTOMER_TEXT,
  type PatchCompanyBody,
  patchCompanyBody,
} from '#domain/customers';
import { usePatchCompany } from '../../api/customers';
import classes from '../../components/desk/Desk.module.css';
import { EditableSection } from '../../components/desk/EditableSection';
import { useDraftEdit } from '../../components/desk/useDraftEdit';
import { CUSTOMER_SCREEN as T } from './texts';

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

const EDITING = { draftOf, changes, schema: patchCompanyBody, savedText: CUSTOMER_TEXT.companySaved };

/** The company's name, phone, website and address: read, or edited with Edit → Save. */
export function CompanyDetails({ company, mayEdit }: { company: CompanyDetail; mayEdit: boolean }) {
  const form = useDraftEdit(company, usePatchCompany(company.id), EDITING);
  const { bind } = form;
  return (
    <EditableSection
      title={T.companyDetails}
      mayEdit={mayEdit}
      form={form}
      fields={() => (
        <>
          <TextInput
            label={T.name}
            required
            maxLength={CUSTOMER_LIMITS.companyName}
            {...bind('name')}
            data-autofocus
          />
          <TextInput label={T.phone} type="tel" maxLength={CUSTOMER_LIMITS.phone} {...bind('phone')} />
          <TextInput label={T.website} maxLength={CUSTOMER_LIMITS.website} {...bind('website')} />
          <Textarea
            label={T.address}
            autosize
            minRows={2}
            maxLength={CUSTOMER_LIMITS.address}
            {...bind('address')}
          />
        </>
      )}
      details={[
        { label: T.phone, value: company.phone },
        { label: T.website, value: company.website },
        {
          label: T.address,
          value: company.address ? <span className={classes.message}>{company.address}</span> : null,
        },
      ]}
      formTestId="company-form"
    />
  );
}
