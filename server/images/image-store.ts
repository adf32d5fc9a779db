import type { ImageStoreConfig } from '../config';
import { s3ImageStore } from './s3-store';
import { diskImageStore, type ImageStore } from './store';

/** The store the configuration names: the uploads folder by default, or an S3 bucket. */
export function createImageStore(config: ImageStoreConfig, uploadsDir: string): ImageStore {
  return config.kind === 's3' ? s3ImageStore(config) : diskImageStore(uploadsDir);
}
