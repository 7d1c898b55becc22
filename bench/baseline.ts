/**
 * The bare `node:http` baseline: fetches every URL it is given from the real server once, then answers
 * the same requests from a map with the same status, headers and body bytes, doing nothing else.
 * `node --import tsx bench/baseline.ts PORT ORIGIN URLS_FILE`.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';

interface Stored {
  readonly status: number;
  readonly headers: string[];
  readonly body: Buffer;
}

/** Framing and per-response headers Node writes itself, exactly as it does for the real server. */
const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function fetchRaw(origin: string, path: string, headers: Record<string, string>): Promise<Stored> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, origin), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const kept: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!NODE_WRITES.has(name.toLowerCase())) kept.push(name, res.rawHeaders[i + 1]!);
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
  });
}

/** Conditional requests get the stored 304, whatever tag they carry: the map holds one per URL. */
const keyOf = (url: string, conditional: boolean) => (conditional ? `304 ${url}` : url);

const [port = '0', origin = '', urlsFile = ''] = process.argv.slice(2);
const urls = (await readFile(urlsFile, 'utf8')).split('\n').filter(Boolean);
const responses = new Map<string, Stored>();
for (const line of urls) {
  // A line "304 <path> <etag>" asks for the conditional response as well.
  const [first, second, ...rest] = line.split(' ');
  if (first === '304' && second) {
    const etag = rest.join(' ');
    responses.set(keyOf(second, true), await fetchRaw(origin, second, { 'If-None-Match': etag }));
  } else if (first) {
    responses.set(keyOf(first, false), await fetchRaw(origin, first, {}));
  }
}

const server = http.createServer((req, res) => {
  const stored = responses.get(keyOf(req.url ?? '', req.headers['if-none-match'] !== undefined));
  if (!stored) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(stored.status, stored.headers);
  res.end(req.method === 'HEAD' ? undefined : stored.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`ready ${responses.size}`);
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
