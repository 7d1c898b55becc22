/**
 * A mail relay on 127.0.0.1 standing in for the operator's (which tests cannot reach), built on the
 * `smtp-server` package, independent of nodemailer. It records every mail it takes (its raw bytes,
 * as they crossed the wire, and its envelope), counts the connections made to it, accepts AUTH
 * PLAIN/LOGIN (optional: a client may send mail without it; with `credentials`, only those pass),
 * can be told to answer the next mails with an SMTP error (4xx or 5xx) after reading them, and can
 * take a while to answer each mail.
 * No STARTTLS: the client has nothing to upgrade to, and AUTH is allowed in the clear here.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';

interface ReceivedMail {
  readonly raw: Buffer;
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  /** The session (connection) id the mail came over. */
  readonly connection: string;
  /** The user the connection authenticated as, or null. */
  readonly user: string | null;
}

export interface SmtpStandIn {
  readonly host: string;
  readonly port: number;
  /** `smtp://127.0.0.1:port`, with `user:pass@` when credentials were given. */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Mails answered with an error (`failNext`), with the reply they got. */
  readonly refused: { readonly code: number; readonly raw: Buffer }[];
  /** Connections opened to it so far. */
  connections(): number;
  /** Answers the next mail's DATA with `code` and `message` (each call queues one answer). */
  failNext(code: number, message: string): void;
  stop(): Promise<void>;
}

export interface SmtpStandInOptions {
  readonly credentials?: { readonly user: string; readonly pass: string };
  /** Milliseconds before it answers a mail's DATA, as a relay's own checks take. */
  readonly delayMs?: number;
}

class SmtpReply extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startSmtpServer(options: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const refused: { code: number; raw: Buffer }[] = [];
  const failures: { code: number; message: string }[] = [];
  let connections = 0;

  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    closeTimeout: 200,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      const expected = options.credentials;
      if (expected && (auth.username !== expected.user || auth.password !== expected.pass)) {
        callback(new SmtpReply('Invalid username or password', 535));
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session: SMTPServerSession, callback) {
      const delay = (raw: Buffer) =>
        new Promise<Buffer>((resolve) => setTimeout(() => resolve(raw), options.delayMs ?? 0));
      readAll(stream)
        .then(delay)
        .then(
          (raw) => {
            const failure = failures.shift();
            if (failure) {
              refused.push({ code: failure.code, raw });
              callback(new SmtpReply(failure.message, failure.code));
              return;
            }
            const { mailFrom, rcptTo } = session.envelope;
            received.push({
              raw,
              envelope: { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((rcpt) => rcpt.address) },
              connection: session.id,
              user: typeof session.user === 'string' ? session.user : null,
            });
            callback(null);
          },
          (error: Error) => callback(error),
        );
    },
  });

  // A client's connection that ends mid-session (a sender killed with kill -9) is an `error` event of
  // the server: the relay drops that session and serves the others, as a real one would.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.credentials
    ? `${encodeURIComponent(options.credentials.user)}:${encodeURIComponent(options.credentials.pass)}@`
    : '';
  return {
    host: '127.0.0.1',
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    refused,
    connections: () => connections,
    failNext(code, message) {
      failures.push({ code, message });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
