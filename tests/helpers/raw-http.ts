import net from 'node:net';
import zlib from 'node:zlib';

export interface RawResponse {
  /** 0 when the server closed the connection without answering. */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The server closed the connection after the response. */
  readonly closed: boolean;
}

/** The body as a client reads it: brotli and gzip undone, as the response's Content-Encoding says. */
function decoded(bytes: Buffer, coding: string | undefined): string {
  if (coding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/** Parses the first HTTP/1.1 response in `bytes` (Content-Length bodies; chunked bodies are joined). */
function parseResponse(bytes: Buffer, closed: boolean, head: boolean): RawResponse | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = bytes.toString('latin1', 0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(end + 4);
  let body = rest.toString('utf8');
  const status = Number(statusLine.split(' ')[1] ?? 0);
  // A response to HEAD, a 304 and a 204 have no body, whatever their Content-Length says.
  if (head || status === 304 || status === 204) return { status, headers, body: '', closed };
  const length = headers['content-length'];
  if (length !== undefined) {
    if (rest.length < Number(length)) return null;
    body = decoded(rest.subarray(0, Number(length)), headers['content-encoding']);
  } else if (headers['transfer-encoding'] === 'chunked') {
    if (!body.endsWith('0\r\n\r\n')) return null;
    body = body
      .split('\r\n')
      .filter((_, i) => i % 2 === 1)
      .join('');
  } else if (!closed) return null;
  return { status, headers, body, closed };
}

/**
 * Writes raw bytes to the server and reads one response, as a client that does not tidy its request
 * would (fetch and node:http both refuse to send malformed requests). Resolves with status 0 when the
 * server closes without answering, or when nothing complete arrives within `timeoutMs`.
 */
export function sendRaw(url: string, request: string | Buffer, timeoutMs = 3000): Promise<RawResponse> {
  const head = request.toString('latin1', 0, 5) === 'HEAD ';
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let raw = Buffer.alloc(0);
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      const parsed = parseResponse(raw, closed, head);
      if (!parsed && !closed) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parsed ?? { status: 0, headers: {}, body: raw.toString('latin1'), closed: true });
    };
    const timer = setTimeout(() => {
      done = true;
      socket.destroy();
      resolve(
        parseResponse(raw, true, head) ?? {
          status: 0,
          headers: {},
          body: raw.toString('latin1'),
          closed: false,
        },
      );
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      raw = Buffer.concat([raw, chunk]);
      finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(request);
  });
}
