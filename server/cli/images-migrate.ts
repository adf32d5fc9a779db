/**
 * `npm run images:migrate [-- --dir DATA_DIR/uploads]`
 * Copies the disk store (the uploads folder) into the S3 bucket the configuration names
 * (IMAGE_STORE=s3), so a deployment can move to shared storage without losing an image. Only
 * stored image names are copied (never a temporary or stray file); objects already in the bucket
 * are left as they are, so it can run again after an interruption. The database is not touched:
 * stored URLs are the same under either store. Run `npm run images:check` afterwards.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config';
import { s3ImageStore } from '../images/s3-store';
import { diskImageStore, SERVED_FILE_NAME } from '../images/store';

const usage = `Usage: IMAGE_STORE=s3 S3_BUCKET=... npm run images:migrate -- [--dir DATA_DIR/uploads]
Copies every image file of the uploads folder (<hash>.webp and <hash>-thumb.webp) into the bucket,
skipping objects already there; other files (temporary ones) are listed, not copied. The database
is not opened: files no row refers to are copied too, and images:check reports them afterwards.`;

async function main() {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  loadDotEnv();
  const config = loadConfig();
  if (config.imageStore.kind !== 's3') {
    console.error(
      `images:migrate copies the uploads folder into S3: set IMAGE_STORE=s3 and S3_BUCKET.\n${usage}`,
    );
    return 2;
  }
  const uploadsDir = values.dir ?? path.join(config.dataDir, 'uploads');
  // A mistyped folder would otherwise "copy 0 files" and look like success.
  if (!existsSync(uploadsDir)) {
    console.error(`No uploads folder at ${uploadsDir}.\n${usage}`);
    return 2;
  }
  const disk = diskImageStore(uploadsDir);
  const s3 = s3ImageStore(config.imageStore);
  const inBucket = new Set((await s3.list()).map((f) => f.name));
  const listed = await disk.list();
  const files = listed.filter((f) => SERVED_FILE_NAME.test(f.name));
  const others = listed.filter((f) => !SERVED_FILE_NAME.test(f.name)).map((f) => f.name);
  let copied = 0;
  let present = 0;
  for (const { name } of files) {
    if (inBucket.has(name)) {
      present++;
      continue;
    }
    const body = await readFile(path.join(uploadsDir, name));
    await s3.putFile(name, body);
    copied++;
  }
  console.log(`From ${disk.description} to ${s3.description}:`);
  console.log(`Copied ${copied} file(s); ${present} already there.`);
  if (others.length) {
    // Temporary files and anything else that is not an image name: never served, so not copied.
    console.log(
      [`Left ${others.length} other file(s) in the folder:`, ...others.map((n) => `  ${n}`)].join('\n'),
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
