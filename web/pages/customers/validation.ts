import type { z } from 'zod';

/**
 * A form's check against the domain's own schema, as the server will make it: each field's first
 * message, keyed by the field's name in the body, for the input's `error`.
 */
export function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}
