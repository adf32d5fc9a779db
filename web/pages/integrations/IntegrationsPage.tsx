import { Tabs } from '@mantine/core';
import { IconKey, IconWebhook } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AdminOnlyNotice } from '../../components/AdminOnlyNotice';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../session/usePermissions';
import { ApiTokensPanel } from './ApiTokensPanel';
import { INTEGRATIONS_TEXT } from './texts';
import { WebhooksPanel } from './WebhooksPanel';

/** API tokens and Webhooks, as two tabs; the chosen tab is in the URL (`tab=webhooks`). */
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
  const tab = searchParams.get('tab') === 'webhooks' ? 'webhooks' : 'tokens';
  const choose = (next: string | null) => setSearchParams(next === 'webhooks' ? { tab: 'webhooks' } : {});
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
        </Tabs.List>
        <Tabs.Panel value="tokens">
          <ApiTokensPanel />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks">
          <WebhooksPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
