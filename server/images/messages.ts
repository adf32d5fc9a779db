import type { ImageMessages } from '#domain/images';
import { VALIDATION } from '#domain/messages';

/** The words of a refusal per kind of image, from domain/messages.ts (VALIDATION). */
export const IMAGE_MESSAGES = {
  category: { type: VALIDATION.imageType, size: VALIDATION.imageSize },
  product: { type: VALIDATION.imageType, size: VALIDATION.imageSize },
  brand: { type: VALIDATION.logoType, size: VALIDATION.logoSize },
} as const satisfies Record<string, ImageMessages>;

/** The disk (or quota) holding uploads is full: a 507, and nothing of the image is kept. */
export const IMAGE_STORAGE_FULL = 'Not enough storage space to save the image.';

/** The shared image store (S3) cannot be reached: a 503 the client may retry, nothing kept. */
export const IMAGE_STORAGE_UNAVAILABLE =
  'Image storage is not available right now. Please try again in a moment';
