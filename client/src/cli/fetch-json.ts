/** A request the service did not answer in time is given up: a refresh never outlives its lock. */
const REQUEST_TIMEOUT_MS = 15_000;
/** The event list is about 60 KB; a body past this is not the service's. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const USER_AGENT = 'reset-tracker-cli';

export type Fetched =
  { readonly kind: 'not-modified' } | { kind: 'body'; body: unknown; etag: string | null };

/** Reads a body up to `MAX_BODY_BYTES`, and no further. */
async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new Error(`a body of ${declared} bytes`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream: the rest of a body too large is never read.
  for await (const chunk of response.body) {
    const bytes = chunk as Uint8Array;
    size += bytes.byteLength;
    if (size > MAX_BODY_BYTES) throw new Error(`a body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A conditional GET of JSON: `not-modified` on a 304, the parsed body on a 200. Anything else (a
 * 5xx, an HTML page, a body too large or cut short) throws, with the reason.
 */
export async function fetchJson(url: string, etag: string | null): Promise<Fetched> {
  const response = await fetch(url, {
    headers: {
      accept: 'application/json',
      'user-agent': USER_AGENT,
      ...(etag ? { 'if-none-match': etag } : {}),
    },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (response.status === 304) {
    await response.body?.cancel();
    return { kind: 'not-modified' };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${response.status}`);
  }
  if (!/^application\/([\w.+-]+\+)?json\b/.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${response.headers.get('content-type') ?? 'no type'}, not JSON`);
  }
  const body: unknown = JSON.parse(await readCapped(response));
  return { kind: 'body', body, etag: response.headers.get('etag') };
}
