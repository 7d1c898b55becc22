import net from 'node:net';

export interface RawResponse {
  /** 0 when the server closed the connection without answering. */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The server closed the connection after the response. */
  readonly closed: boolean;
}

/** Parses the first HTTP/1.1 response in `raw` (Content-Length bodies; chunked bodies are joined). */
function parseResponse(raw: string, closed: boolean): RawResponse | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(end + 4);
  const length = headers['content-length'];
  if (length !== undefined) {
    if (Buffer.byteLength(body) < Number(length)) return null;
    body = Buffer.from(body).subarray(0, Number(length)).toString();
  } else if (headers['transfer-encoding'] === 'chunked') {
    if (!body.endsWith('0\r\n\r\n')) return null;
    body = body
      .split('\r\n')
      .filter((_, i) => i % 2 === 1)
      .join('');
  } else if (!closed) return null;
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, closed };
}

/**
 * Writes raw bytes to the server and reads one response, as a client that does not tidy its request
 * would (fetch and node:http both refuse to send malformed requests). Resolves with status 0 when the
 * server closes without answering, or when nothing complete arrives within `timeoutMs`.
 */
export function sendRaw(url: string, request: string | Buffer, timeoutMs = 3000): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let raw = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      const parsed = parseResponse(raw, closed);
      if (!parsed && !closed) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parsed ?? { status: 0, headers: {}, body: raw, closed: true });
    };
    const timer = setTimeout(() => {
      done = true;
      socket.destroy();
      resolve(parseResponse(raw, true) ?? { status: 0, headers: {}, body: raw, closed: false });
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(request);
  });
}
