import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../paths';

/** path: the request's path and query, as the endpoint's URL gave them. */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };

/** What the receiver does with a request: answer with a status (and body), or never answer. */
type Answer = { status: number; body?: string } | 'hang';

/**
 * A webhook receiver on loopback for the tests: it keeps every request (headers, raw body) and
 * answers as `answer` says, 200 by default.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (request: Received, index: number) => Answer = () => ({ status: 200 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(request);
      const a = answer(request, received.length - 1);
      if (a === 'hang') return;
      res.writeHead(a.status, { 'content-type': 'text/plain' });
      res.end(a.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** The events received, parsed, in arrival order. */
    events: () => received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: unknown }),
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

type Verify = (rawBody: string, header: string, secret: string, toleranceSeconds?: number) => boolean;

/**
 * The README's signature check, exactly as printed (the js block after its webhook-verify
 * marker), loaded as a module: the tests hold the documentation to real deliveries.
 */
export async function readmeVerify(): Promise<Verify> {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const block = readme.match(/<!-- webhook-verify[^>]*-->\s*```js\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('README.md has no webhook-verify block');
  const file = path.join(tmpdir(), `stockroom-verify-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, block);
  try {
    const mod = await import(/* @vite-ignore */ pathToFileURL(file).href);
    return mod.verifyStockroomSignature as Verify;
  } finally {
    rmSync(file, { force: true });
  }
}
