import { type ChangeEvent, useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { useFieldErrors } from '../../api/errors';
import { useUnsavedChanges } from '../useUnsavedChanges';

/** The draft's fields that hold text. */
type TextField<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;

type Options<E, D, B extends object> = {
  /** The form's values as the entry has them now. */
  draftOf: (entry: E) => D;
  /** Only what changed goes to the server, so an edit never rewrites what it did not touch. */
  changes: (entry: E, draft: D) => B;
  /** The domain's schema of the body: the form checks it as the server will. */
  schema: z.ZodType;
  savedText: string;
  /** The body's name of a form value, where the two differ; messages are keyed by the body's names. */
  bodyKey?: (field: keyof D & string) => string;
};

type Save<B> = {
  mutate: (body: B, how: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
};

/**
 * A pane section's Edit → Save: the draft while editing, each field's message (the form's own
 * check against the domain's schema first, then the server's), and the question before leaving
 * with unsaved edits.
 */
export function useDraftEdit<E, D, B extends object>(entry: E, patch: Save<B>, opts: Options<E, D, B>) {
  const { bodyKey = (field) => field } = opts;
  const [draft, setDraft] = useState<D | null>(null);
  const server = useFieldErrors(patch.error);
  const [local, setLocal] = useState<Record<string, string>>({});
  const body = draft ? opts.changes(entry, draft) : ({} as B);
  const dirty = Object.keys(body).length > 0;
  const leave = useUnsavedChanges(draft !== null && dirty);

  const edit = <K extends keyof D & string>(field: K, value: D[K]) => {
    const key = bodyKey(field);
    server.edited(key);
    setLocal(({ [key]: _gone, ...rest }) => rest);
    setDraft((d) => (d ? { ...d, [field]: value } : d));
  };

  const error = (key: string) => local[key] ?? server.of(key);

  const save = () => {
    if (!draft) return;
    if (!dirty) {
      setDraft(null);
      return;
    }
    const parsed = opts.schema.safeParse(body);
    if (!parsed.success) {
      setLocal(issuesByField(parsed.error.issues));
      return;
    }
    patch.mutate(body, {
      onSuccess: () => {
        toast.success(opts.savedText);
        setDraft(null);
      },
    });
  };

  return {
    draft,
    open: () => {
      setLocal({});
      setDraft(opts.draftOf(entry));
    },
    cancel: () => setDraft(null),
    edit,
    /** A field's message, by the body's name of it. */
    error,
    /** A text input's value, its change and its message. */
    bind: <K extends TextField<D>>(field: K) => ({
      value: String(draft?.[field] ?? ''),
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        edit(field, e.currentTarget.value as D[K]),
      error: error(bodyKey(field)),
    }),
    save,
    saving: patch.isPending,
    leave,
  };
}

export type DraftEdit<D> = ReturnType<typeof useDraftEdit<unknown, D, object>>;

/** Each field's first message, keyed by the field's name in the body, for the input's `error`. */
function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}
