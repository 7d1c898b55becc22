import http from 'node:http';

export interface Reply {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GET on a new connection, closed after the response: the cluster primary hands each new connection
 * to the next worker, so a series of these reaches every worker.
 */
export function getFresh(url: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { Connection: 'close', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

/** Calls `probe` until it returns a value other than undefined; fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { timeoutMs = 30_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await sleep(intervalMs);
  }
}

/** The codes undici gives a request whose connection the server had closed, or reset, under it. */
const CLOSED_UNDER_IT = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/**
 * `fetch`, tried once more when its pooled connection was closed by the server as the request went
 * out: the server closes a connection idle for its keep-alive time-out (5 s), and on a loaded machine
 * the client's own idle timer (the server's hint less a second) can fire later than that, so it sends
 * on a connection already closing. The server read nothing of such a request, so it is sent again,
 * as browsers and HTTP clients do.
 */
export async function fetchAgainIfClosed(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code;
    if (!(error instanceof TypeError) || code === undefined || !CLOSED_UNDER_IT.has(code)) throw error;
    return await fetch(url, init);
  }
}
