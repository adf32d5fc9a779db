/**
 * `npm run restore -- FILE [--force]`
 * Restores a backup into the deployment the configuration names: the embedded database in
 * DATA_DIR, or the PostgreSQL database of DATABASE_URL; images into DATA_DIR/uploads, or the S3
 * bucket with IMAGE_STORE=s3. The way up from the embedded database is this command with
 * DATABASE_URL set (README "Outgrowing one process", ADR 0024).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore';
import { loadConfig, loadDotEnv } from '../config';

const usage = `Usage: npm run restore -- FILE [--force]
Restores into an empty target: DATA_DIR (embedded) or DATABASE_URL (PostgreSQL), and the image
store IMAGE_STORE names. Checksums are verified before anything is written, row counts after
loading; newer migrations run last. --force replaces a target that is not empty.`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const started = Date.now();
  const report = await restoreBackup(config, path.resolve(positionals[0]), {
    force: values.force,
    log: (line) => console.log(line),
  });
  const images = report.images.listedInS3
    ? `${report.images.listedInS3} image file(s) stay in the backup's S3 bucket`
    : `${report.images.copied} image file(s) copied`;
  console.log(
    `Restored in ${((Date.now() - started) / 1000).toFixed(1)} s into ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}: ${report.rows} rows, ${images}, ${report.migrationsApplied} newer migration(s) applied.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
