import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ImageStoreConfig } from '../config';
import { AppError } from '../errors/app-error';
import { IMAGE_STORAGE_UNAVAILABLE } from './messages';
import { type ImageStore, imageFileNames, type StoredFile } from './store';

type S3Config = Extract<ImageStoreConfig, { kind: 's3' }>;

const status = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * An error with no answer from the service behind it (refused, reset, timed out) is the 503 a
 * client can retry; an answer from S3 (403, a missing bucket) is a fault of ours and stays as is.
 */
function storeError(err: unknown) {
  return status(err) === undefined
    ? new AppError(503, IMAGE_STORAGE_UNAVAILABLE, undefined, { 'retry-after': '5' })
    : err;
}

/**
 * Images in an S3-compatible bucket, shared by every process: an upload through one is served by
 * all, and a delete through any removes the objects. Object names are the disk store's file
 * names, so stored URLs (/uploads/<key>.webp) do not change with the store.
 */
export function s3ImageStore(
  config: S3Config,
): ImageStore & { client: S3Client; putFile(name: string, body: Buffer): Promise<void> } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default adds CRC headers to every upload,
    // which some S3-compatible services refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    // Without these a store that stopped answering holds the upload until the client gives up.
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
  });
  const Bucket = config.bucket;
  const send = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw storeError(err);
    }
  };
  const put = async (Key: string, Body: Buffer) =>
    send(() =>
      client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body,
          ContentType: 'image/webp',
          // Names are content hashes: an object's bytes never change.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      ),
    );

  return {
    client,
    async putFile(name, body) {
      await put(name, body);
    },
    description: `S3 bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`,
    async write(key, main, thumb) {
      const names = imageFileNames(key);
      // The thumbnail first: the main object is what exists() and the rows rely on.
      await put(names.thumb, thumb);
      await put(names.main, main);
    },
    async remove(key) {
      const names = imageFileNames(key);
      // Two single deletes rather than one DeleteObjects: that call reports a failed key in its
      // body, not its status, and several S3-compatible services do not implement it.
      await Promise.all(
        [names.main, names.thumb].map((Key) =>
          send(() => client.send(new DeleteObjectCommand({ Bucket, Key }))),
        ),
      );
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: imageFileNames(key).main }));
        return true;
      } catch (err) {
        if (status(err) === 404) return false;
        throw storeError(err);
      }
    },
    async list() {
      const out: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await send(() => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          out.push({
            name: object.Key,
            bytes: object.Size ?? 0,
            modifiedMs: object.LastModified?.getTime() ?? 0,
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out;
    },
    async removeFile(name) {
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: name })));
    },
    async open(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!object.Body) return null;
        return { body: object.Body as Readable, bytes: object.ContentLength ?? 0 };
      } catch (err) {
        if (status(err) === 404) return null;
        throw storeError(err);
      }
    },
  };
}
