/** What the image pipeline accepts, shared by the upload fields and the server. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The same limit in megabytes, as the upload fields state it. */
export const IMAGE_MAX_SIZE_TEXT = `${IMAGE_MAX_BYTES / (1024 * 1024)} MB`;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
/** The most files one batch upload request takes; the web app splits larger selections into batches. */
export const IMAGE_BATCH_MAX = 10;

/**
 * The longest alt text an image takes: a description a screen reader reads out, not a caption;
 * accessibility guidance keeps it to a sentence or two.
 */
export const IMAGE_ALT_MAX_LENGTH = 250;

/** The most images an order request names: a bound on the body, far above any real gallery. */
export const IMAGE_ORDER_MAX = 1000;

export type ImageMessages = { type: string; size: string };

/** The web app's check before upload; the server decodes the bytes and decides for real. */
export function checkImageFile(file: { type: string; size: number }, messages: ImageMessages): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return messages.type;
  if (file.size > IMAGE_MAX_BYTES) return messages.size;
  return null;
}

/** Stored images are '/uploads/<key>.webp' with a thumbnail beside them. */
export const thumbnailUrl = (url: string | null | undefined) =>
  url ? url.replace(/\.webp$/, '-thumb.webp') : null;
