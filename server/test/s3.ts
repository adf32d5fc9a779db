import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in credentials: it checks request signatures against these. */
const S3RVER_KEY = 'S3RVER';

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The server's environment for this store (IMAGE_STORE=s3 and the S3_* variables). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, keeping
 * its objects in a temporary folder that stop() removes.
 */
export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'stockroom-s3-'));
  const bucket = `images-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      IMAGE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
