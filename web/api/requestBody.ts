import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';

export type FieldValue = string | number | null | undefined;

/**
 * JSON unless a file goes along, then multipart/form-data with the same fields as text
 * (server/http/form.ts reads both). In a form, null travels as '' (the server reads '' as
 * "none"), and undefined is left out in both shapes.
 */
export function requestBody(
  fields: Record<string, FieldValue>,
  files: Record<string, File | null | undefined>,
  { multipart = false }: { multipart?: boolean } = {},
): Record<string, FieldValue> | FormData {
  const chosen = Object.entries(files).filter((entry): entry is [string, File] => !!entry[1]);
  if (!multipart && chosen.length === 0) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, value === null ? '' : String(value));
  }
  // Files last: a streaming parser then has every text field before the bytes arrive.
  for (const [key, file] of chosen) form.append(key, file, file.name);
  return form;
}

/** Upload progress from 0 to 100, reported only for multipart bodies (the only slow ones). */
export function uploadConfig(
  body: unknown,
  onProgress: ((percent: number) => void) | undefined,
): AxiosRequestConfig {
  if (!onProgress || !(body instanceof FormData)) return {};
  return {
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  };
}
