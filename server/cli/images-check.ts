/**
 * `npm run images:check [-- --sweep] [--min-age-minutes 10] [--dir path]`
 * Compares the image store (the uploads folder, or the S3 bucket with IMAGE_STORE=s3) with the
 * image rows (ADR 0004): files nothing refers to, temporary files an interrupted write left, rows
 * whose files are gone, URLs with no row, wrong reference counts. `--sweep` removes those files;
 * rows are only reported. Files younger than --min-age-minutes are left alone, since a write in
 * progress stores its files just before it commits. Uses the server's database settings; with the
 * embedded database, stop the server first (it allows one process at a time).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config';
import { createImageStore } from '../images/image-store';
import { describeOrphans, findOrphans, isClean, sweepOrphanFiles } from '../images/orphans';
import { withConfiguredDatabase } from './with-database';

const usage = 'Usage: npm run images:check -- [--sweep] [--min-age-minutes 10] [--dir DATA_DIR/uploads]';

async function main() {
  const { values } = parseArgs({
    options: {
      sweep: { type: 'boolean', default: false },
      'min-age-minutes': { type: 'string', default: '10' },
      dir: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const minAgeMinutes = Number(values['min-age-minutes']);
  if (!Number.isFinite(minAgeMinutes) || minAgeMinutes < 0) {
    console.error(`--min-age-minutes must be a number of minutes\n${usage}`);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const uploadsDir = values.dir ?? path.join(config.dataDir, 'uploads');
  const store = createImageStore(config.imageStore, uploadsDir);
  return withConfiguredDatabase(
    async (database) => {
      const report = await findOrphans(database.db, store, { minAgeMs: minAgeMinutes * 60_000 });
      console.log(`Image store: ${store.description}`);
      console.log(describeOrphans(report));
      if (values.sweep && report.orphanFiles.length + report.temporaryFiles.length) {
        const removed = await sweepOrphanFiles(report, store);
        console.log(`Removed ${removed} orphan file(s).`);
        report.orphanFiles = [];
        report.temporaryFiles = [];
      }
      return isClean(report) ? 0 : 1;
    },
    { migrate: false, config },
  );
}

main().then((code) => process.exit(code));
