import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  MessageExtraInfo,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js';

interface Waiting<C> {
  /** The id the client gave its request, which its answer must carry. */
  readonly id: RequestId;
  /** What the endpoint handed along with the request, for the request's handler (`contextOf`). */
  readonly context: C;
  readonly resolve: (answer: JSONRPCMessage) => void;
}

/**
 * An MCP transport (the SDK's `Transport` interface) for stateless JSON exchanges: one SDK `Server`
 * stays connected to it, and each HTTP request hands it one message. A request goes to the server
 * under an id of the transport's own, so two clients' requests with the same id never meet in the
 * server's tables, and its answer comes back under the client's id; `exchange` resolves with it.
 *
 * Nothing here parses or answers JSON-RPC itself: the SDK's server validates and dispatches each
 * message and writes each answer, as it does behind the SDK's HTTP transports. Those make a transport
 * (and so a server connection) per stateless request, with a fetch `Request` and `Response` each; a
 * tool call answered from the cache cost several times the REST request for the same body
 * (BENCHMARKS.md, "MCP").
 *
 * What a server sends of its own accord (a request to the client, a notification such as progress or
 * a log line) has no HTTP exchange to go out on in this stateless JSON mode, and the tools send none;
 * it is dropped.
 */
export class ExchangeTransport<C = undefined> implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private next = 0;
  private readonly waiting = new Map<number, Waiting<C>>();

  start(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * Takes what the server sends. An answer is told apart by its shape (an `id` and no `method`) rather
   * than by the SDK's schema guards: the server built it, and a guard would walk the whole result.
   */
  send(message: JSONRPCMessage): Promise<void> {
    if ('method' in message || !('id' in message) || typeof message.id !== 'number') return Promise.resolve();
    const waiting = this.waiting.get(message.id);
    if (waiting) {
      this.waiting.delete(message.id);
      waiting.resolve({ ...message, id: waiting.id });
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.waiting.clear();
    this.onclose?.();
    return Promise.resolve();
  }

  /**
   * Hands one request to the server; resolves with its answer, under the client's own id. `context`
   * goes with it: the request's handler reads it by the id it sees (`extra.requestId`).
   */
  exchange(request: JSONRPCRequest, context: C): Promise<JSONRPCMessage> {
    this.next = this.next >= Number.MAX_SAFE_INTEGER ? 1 : this.next + 1;
    const id = this.next;
    return new Promise((resolve) => {
      this.waiting.set(id, { id: request.id, context, resolve });
      this.onmessage?.({ ...request, id });
    });
  }

  /** The context of a request not yet answered, by the id the server knows it by. */
  contextOf(id: RequestId): C | undefined {
    return typeof id === 'number' ? this.waiting.get(id)?.context : undefined;
  }

  /**
   * Hands a notification to the server. A cancellation is not: it names a request by the client's id,
   * which no longer names one in the server, and in this mode the request it could cancel is this
   * client's own, already answered or still being answered on another connection.
   */
  notify(notification: JSONRPCNotification): void {
    if (notification.method === 'notifications/cancelled') return;
    this.onmessage?.(notification);
  }
}
