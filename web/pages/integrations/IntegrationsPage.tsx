import { Tabs } from '@mantine/core';
import { IconKey, IconShieldCheck, IconWebhook } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { QUOTE_APPROVAL_SCREEN } from '#domain/quote-approval';
import { AdminOnlyNotice } from '../../components/AdminOnlyNotice';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../session/usePermissions';
import { ApiTokensPanel } from './ApiTokensPanel';
import { QuoteApprovalPanel } from './QuoteApprovalPanel';
import { INTEGRATIONS_TEXT } from './texts';
import { WebhooksPanel } from './WebhooksPanel';

/**
 * API tokens, Webhooks and the quote approval limits, as tabs; the chosen tab is in the URL
 * (`tab=webhooks`, `tab=quote-approval`).
 */
export function IntegrationsPage() {
  const { has } = usePermissions();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!has('settings.manage')) {
    return (
      <>
        <PageHeader title={INTEGRATIONS_TEXT.title} caption={INTEGRATIONS_TEXT.caption} />
        <AdminOnlyNotice />
      </>
    );
  }
  const asked = searchParams.get('tab');
  const tab = asked === 'webhooks' || asked === 'quote-approval' ? asked : 'tokens';
  const choose = (next: string | null) =>
    setSearchParams(next === 'webhooks' || next === 'quote-approval' ? { tab: next } : {});
  return (
    <>
      <PageHeader title={INTEGRATIONS_TEXT.title} caption={INTEGRATIONS_TEXT.caption} />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="tokens" leftSection={<IconKey size={16} aria-hidden />}>
            {INTEGRATIONS_TEXT.tokensTab}
          </Tabs.Tab>
          <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} aria-hidden />}>
            {INTEGRATIONS_TEXT.webhooksTab}
          </Tabs.Tab>
          <Tabs.Tab value="quote-approval" leftSection={<IconShieldCheck size={16} aria-hidden />}>
            {QUOTE_APPROVAL_SCREEN.settingsTab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tokens">
          <ApiTokensPanel />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks">
          <WebhooksPanel />
        </Tabs.Panel>
        <Tabs.Panel value="quote-approval">
          <QuoteApprovalPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
