import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../main';
import { prepareDemo } from '../cli/demo';
const config = loadConfig({ DATA_DIR: process.argv[2] });
const d = await openConfiguredDatabase(config);
console.time('demo');
await prepareDemo(d, config);
console.timeEnd('demo');
await d.close();
