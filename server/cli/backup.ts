/**
 * `npm run backup [-- --out FILE]`
 * One consistent backup of the deployment the configuration names (DATA_DIR or DATABASE_URL, and
 * IMAGE_STORE), running or stopped: the database as a plain pg_dump script, the images (or their
 * listing when they live in S3), and a manifest with row counts and checksums (ADR 0024).
 */
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/backup';
import { loadConfig, loadDotEnv } from '../config';

const usage = `Usage: npm run backup [-- --out FILE]
Writes DATA_DIR/backups/stockroom-<time>.tar.gz unless --out names the file. Works while the
server runs; on PostgreSQL it needs pg_dump of the server's major version or newer.`;

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  loadDotEnv();
  const config = loadConfig();
  const started = Date.now();
  const { file, manifest } = await createBackup(config, { out: values.out });
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  const images =
    manifest.images.store === 'disk'
      ? `${manifest.images.files} image file(s)`
      : `a listing of ${manifest.images.listed} image file(s) in S3 bucket ${manifest.images.bucket}`;
  console.log(
    `Backup written to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows} rows in ${Object.keys(manifest.counts).length} tables (migration ${manifest.migration.tag}), ${images}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
