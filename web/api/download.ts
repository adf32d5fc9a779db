import { useMutation } from '@tanstack/react-query';
import axios from 'axios';
import { useState } from 'react';
import { api } from './client';

type Query = Record<string, string | number>;

/**
 * The file's name from Content-Disposition: the RFC 5987 `filename*` when the server sent one
 * (it may hold any character), else the plain `filename`, else the caller's fallback.
 */
export function fileNameFrom(disposition: string | undefined, fallback: string): string {
  const header = disposition ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain name below will do.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  // A name is only a name: no folders, whatever the header says.
  return name.replace(/[/\\]/g, '_') || fallback;
}

/** Hands a fetched file to the browser as a download under its name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A failed download's body is a Blob too; the server's JSON `error` is read out of it so the
 * usual error toast can show it instead of the fallback.
 */
export async function readBlobError(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text());
    } catch {
      error.response.data = undefined;
    }
  }
  throw error;
}

/**
 * Fetches a file through the API client, so the bearer token goes along (a plain link would
 * carry none), and saves it. `onProgress` hears the bytes received so far: a streamed export
 * has no length to show a percent of.
 */
export async function downloadFile(
  path: string,
  query: Query,
  fallbackName: string,
  onProgress?: (bytes: number) => void,
): Promise<void> {
  const res = await api
    .get<Blob>(path, {
      params: query,
      responseType: 'blob',
      onDownloadProgress: (e) => onProgress?.(e.loaded),
    })
    .catch(readBlobError);
  saveBlob(res.data, fileNameFrom(res.headers['content-disposition'], fallbackName));
}

/**
 * A download as a mutation: `isPending` while it runs, `received` the bytes so far (for the
 * button), and a failure toasts `errorMessage` unless the server said why.
 */
export function useDownload<P>(opts: {
  path: string;
  fallbackName: string;
  errorMessage: string;
  query: (params: P) => Query;
}) {
  const [received, setReceived] = useState(0);
  const mutation = useMutation({
    mutationFn: async (params: P) => {
      setReceived(0);
      await downloadFile(opts.path, opts.query(params), opts.fallbackName, setReceived);
    },
    meta: { errorMessage: opts.errorMessage },
  });
  return { ...mutation, received };
}
