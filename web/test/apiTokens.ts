import type { ApiTokenRecord } from '#domain/api-tokens';

/** An API token as GET /api-tokens lists it: an editor's, never used, with no expiry. */
export const apiTokenRecord = (id: number, name: string): ApiTokenRecord => ({
  id,
  name,
  role: 'editor',
  role_name: 'Editor',
  created_by: { id: 1, name: 'Ada Admin' },
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  last_used_ip: null,
  expired: false,
});
