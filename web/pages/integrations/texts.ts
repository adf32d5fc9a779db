/** The Integrations screen's own words; messages the API also sends live in domain/. */
export const INTEGRATIONS_TEXT = {
  title: 'Integrations',
  caption: 'API tokens for scripts and ERPs, and webhooks that tell them what changed.',
  tokensTab: 'API tokens',
  webhooksTab: 'Webhooks',
} as const;
