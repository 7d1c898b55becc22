import http from 'node:http';
import { readFile } from 'node:fs/promises';

export interface Copied {
  readonly status: number;
  /** The representation's own headers: type, caching, tag. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

const KEPT = new Set(['content-type', 'cache-control', 'etag', 'link']);

function fetchOnce(origin: string, path: string): Promise<Copied> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, origin), { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (KEPT.has(name) && typeof value === 'string') headers[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
  });
}

/** The real server's answers to the URLs of the bench's URL file (lines "304 <path> <etag>" give <path>). */
export async function copyResponses(origin: string, urlsFile: string): Promise<Map<string, Copied>> {
  const stored = new Map<string, Copied>();
  for (const line of (await readFile(urlsFile, 'utf8')).split('\n')) {
    const parts = line.split(' ');
    const url = parts[0] === '304' ? parts[1] : parts[0];
    if (url && !stored.has(url)) stored.set(url, await fetchOnce(origin, url));
  }
  return stored;
}
