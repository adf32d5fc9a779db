// The ceiling for the load benchmarks: a bare Fastify route answering a small JSON object,
// measured in the same run, on the same machine, as the app's scenarios.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3900), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
