import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_LIMITS, WEBHOOK_TEXT } from '#domain/webhooks';
import { BlockedAddressError, guardedLookup, isBlockedAddress, literalAddress } from './address-guard';

/** What one attempt came to, as the delivery log keeps it. */
export type AttemptResult = {
  ok: boolean;
  status_code: number | null;
  /** The answer's first 2 KB, as text. */
  response_body: string | null;
  error: string | null;
  duration_ms: number;
};

export type PostOptions = {
  /** WEBHOOK_ALLOW_PRIVATE: any address, and plain http. */
  allowPrivate: boolean;
  timeoutMs?: number;
};

/**
 * POSTs a body to an endpoint once: every address checked at connect time (guardedLookup),
 * redirects not followed (a 3xx is a failure), the whole exchange bounded by the timeout, and only
 * the answer's first 2 KB read. Never rejects: a refusal, a timeout or a blocked address is an
 * unsuccessful result with its error.
 */
export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? WEBHOOK_LIMITS.timeoutSeconds * 1000;
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (
    error: string,
    status_code: number | null = null,
    response_body: string | null = null,
  ) => ({
    ok: false,
    status_code,
    response_body,
    error,
    duration_ms: elapsed(),
  });

  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(failure(WEBHOOK_TEXT.urlInvalid));
  }
  const secure = url.protocol === 'https:';
  if (!options.allowPrivate) {
    if (!secure) return Promise.resolve(failure(WEBHOOK_TEXT.urlNotHttps));
    // An address in the URL is connected to without a lookup, so it is checked here.
    const literal = literalAddress(url);
    if (literal && isBlockedAddress(literal))
      return Promise.resolve(failure(new BlockedAddressError(url.hostname, literal).message));
  }

  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      // A fresh connection each time, so every attempt's addresses pass the lookup's check.
      agent: false,
      lookup: options.allowPrivate ? undefined : guardedLookup,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Stockroom-Webhooks/1',
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      settle(failure(WEBHOOK_TEXT.timedOut));
      request.destroy();
    }, timeoutMs);
    request.on('error', (err) => settle(failure(describe(err))));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        const text = Buffer.concat(chunks)
          .subarray(0, WEBHOOK_LIMITS.responseBytes)
          .toString('utf8')
          // PostgreSQL text cannot hold NUL.
          .replaceAll('\u0000', '');
        response.destroy();
        request.destroy();
        if (status >= 200 && status < 300)
          settle({ ok: true, status_code: status, response_body: text, error: null, duration_ms: elapsed() });
        else
          settle(
            failure(
              status >= 300 && status < 400
                ? WEBHOOK_TEXT.redirectRefused(status)
                : WEBHOOK_TEXT.answered(status),
              status,
              text,
            ),
          );
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        // The rest of a long answer is never read.
        if (kept >= WEBHOOK_LIMITS.responseBytes) finish();
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.end(body);
  });
}

/** An error as one line for the log: a refused connection or a blocked address named plainly. */
function describe(err: unknown): string {
  if (err instanceof BlockedAddressError) return err.message;
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ECONNREFUSED') return 'Connection refused';
  if (e?.code === 'ENOTFOUND') return 'Host not found';
  const text = err instanceof Error ? `${e.code ? `${e.code}: ` : ''}${err.message}` : String(err);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}
