import type { ImageMessages } from '../../domain/images';
import { VALIDATION } from '../../domain/messages';

/** The spec words refusals per kind of image (SPEC.md §5). */
export const IMAGE_MESSAGES = {
  category: { type: VALIDATION.imageType, size: VALIDATION.imageSize },
  product: { type: VALIDATION.imageType, size: VALIDATION.imageSize },
  brand: { type: VALIDATION.logoType, size: VALIDATION.logoSize },
} as const satisfies Record<string, ImageMessages>;
