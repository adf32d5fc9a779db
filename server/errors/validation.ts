import type { z } from 'zod';
import { API_ERROR } from '#domain/messages';
import { AppError } from './app-error';

type Issue = { path: PropertyKey[]; message: string; code: string; keys?: string[] };

/** The message a person reads for one issue: unknown keys are named; a missing body is said so. */
function issueMessage(issue: Issue): string {
  if (issue.code === 'unrecognized_keys') return API_ERROR.unknownField(issue.keys?.[0] ?? '?');
  if (issue.code === 'invalid_type' && issue.path.length === 0)
    return 'The request body must be a JSON object';
  return issue.message || API_ERROR.invalidRequest;
}

const issueField = (issue: Issue) =>
  issue.code === 'unrecognized_keys' ? (issue.keys?.[0] ?? '_') : issue.path.map(String).join('.') || '_';

/** The API's 400: the first issue's message, and every field's first message in details. */
export function issuesToAppError(issues: Issue[]): AppError {
  // A Map, not an object literal: a field called "constructor" or "toString" must not find the
  // inherited property and be left out.
  const details = new Map<string, string>();
  for (const issue of issues) {
    // One entry per unknown key, so every refused field is named.
    const each =
      issue.code === 'unrecognized_keys' && issue.keys?.length
        ? issue.keys.map((key) => ({ ...issue, keys: [key] }))
        : [issue];
    for (const one of each) {
      const field = issueField(one);
      if (!details.has(field)) details.set(field, issueMessage(one));
    }
  }
  return new AppError(
    400,
    issues[0] ? issueMessage(issues[0]) : API_ERROR.invalidRequest,
    Object.fromEntries(details),
  );
}

export const zodToAppError = (error: z.ZodError) => issuesToAppError(error.issues as Issue[]);
