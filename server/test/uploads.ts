import type { Client } from './client';
import { multipart } from './images';

export type UploadFile = { field: string; bytes: Buffer; name?: string; type?: string };

/**
 * Posts a multipart form as a browser sends it: text `fields` and one `file` (a category's image,
 * a brand's logo, a CSV import), or none.
 */
export async function upload(
  client: Client,
  url: string,
  file: UploadFile | null,
  fields: Record<string, string> = {},
) {
  const form = await multipart(
    fields,
    file
      ? {
          field: file.field,
          name: file.name ?? 'upload.png',
          type: file.type ?? 'image/png',
          bytes: file.bytes,
        }
      : undefined,
  );
  return client.post(url, form.payload, { headers: form.headers });
}

/** Sends a gallery batch (`images[]`, as the product editor does) to a product. */
export async function uploadImages(
  client: Client,
  productId: number,
  files: { name: string; bytes: Buffer; type?: string }[],
) {
  const form = new FormData();
  for (const f of files)
    form.append('images[]', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }), f.name);
  const res = new Response(form);
  return client.post(`/api/products/${productId}/images/batch`, Buffer.from(await res.arrayBuffer()), {
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  });
}
