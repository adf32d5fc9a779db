import { useMutation, useQuery } from '@tanstack/react-query';
import { IMPORT_LIMITS, type ImportMapping, type Job } from '#domain/imports';
import { PRODUCT_LIST_FALLBACK } from '#domain/product-list';
import { api } from './client';
import { jobKeys } from './keys';
import { uploadConfig } from './requestBody';

export type ImportStart = {
  file: File;
  mapping: ImportMapping;
  /** True checks the file and reports; false applies it (when the check finds nothing). */
  dryRun: boolean;
  /** Creates the categories and brands the file names that do not exist yet. */
  createMissing: boolean;
  onProgress?: (percent: number) => void;
};

/** Sends the file; the server answers at once with the job that reads it. */
export function useStartImport() {
  return useMutation({
    mutationFn: async ({ file, mapping, dryRun, createMissing, onProgress }: ImportStart) => {
      const form = new FormData();
      form.append(
        'mapping',
        JSON.stringify(Object.fromEntries(Object.entries(mapping).filter(([, column]) => !!column))),
      );
      form.append('dry_run', String(dryRun));
      form.append('create_missing', String(createMissing));
      // The file last: the server's streaming parser then has every field before the bytes.
      form.append('file', file, file.name);
      const res = await api.post<{ job_id: string }>('/imports', form, uploadConfig(form, onProgress));
      return res.data.job_id;
    },
    meta: { errorMessage: PRODUCT_LIST_FALLBACK.import },
  });
}

export const jobRunning = (job: Pick<Job, 'state'> | undefined) =>
  job?.state === 'queued' || job?.state === 'running';

/** A background job, read again every IMPORT_LIMITS.pollMs until it has finished. */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<Job>(`/jobs/${encodeURIComponent(id ?? '')}`, { signal })).data,
    enabled: id !== null,
    // A finished job never changes again; a running one is followed until it finishes.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) =>
      jobRunning(query.state.data) || !query.state.data ? IMPORT_LIMITS.pollMs : false,
    meta: { errorMessage: PRODUCT_LIST_FALLBACK.loadJob },
  });
}
