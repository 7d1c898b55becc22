import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the stand-in received, with when it came. */
interface BotCall {
  readonly method: string;
  readonly path: string;
  readonly contentType: string;
  readonly parameters: Record<string, unknown>;
  readonly at: number;
}

/** How the stand-in answers a call: a status and the Bot API's JSON. */
interface BotReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** Takes the call, then answers only after this long (a slow Bot API). */
  readonly delayMs?: number;
}

export interface TelegramStandIn {
  readonly origin: string;
  /** The well-formed `sendMessage` calls, in order. */
  readonly calls: BotCall[];
  /** Calls it refused as the Bot API would: another method or token, a body without its parameters. */
  readonly refused: BotCall[];
  /** Answers for the next well-formed calls, in order; then `{ ok: true }`. */
  readonly replies: BotReply[];
  stop(): Promise<void>;
}

/**
 * A local stand-in of the Bot API (https://core.telegram.org/bots/api): it takes `POST
 * /bot<token>/sendMessage` with a JSON body holding `chat_id` and `text`, for this token only, and
 * answers as Telegram does (`{"ok": true, "result": …}`, or `ok: false` with `error_code`,
 * `description` and, for 429, `parameters.retry_after`).
 */
export async function startTelegramStandIn(token: string): Promise<TelegramStandIn> {
  const calls: BotCall[] = [];
  const refused: BotCall[] = [];
  const replies: BotReply[] = [];
  let messageId = 0;
  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      let parameters: Record<string, unknown> = {};
      try {
        parameters = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Not JSON: refused below, as it has no parameters.
      }
      const call: BotCall = {
        method: request.method ?? '',
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        parameters,
        at: Date.now(),
      };
      const answer = (status: number, body: Record<string, unknown>) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (call.method !== 'POST' || call.path !== `/bot${token}/sendMessage`) {
        refused.push(call);
        return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      }
      if (!call.contentType.startsWith('application/json') || !parameters.chat_id || !parameters.text) {
        refused.push(call);
        return answer(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
      }
      calls.push(call);
      const reply = replies.shift();
      if (reply) {
        const send = () => answer(reply.status, reply.body);
        return reply.delayMs === undefined ? send() : void setTimeout(send, reply.delayMs);
      }
      messageId += 1;
      return answer(200, { ok: true, result: { message_id: messageId, chat: { id: -100 }, text } });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    refused,
    replies,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
