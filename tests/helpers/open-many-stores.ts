/**
 * Opens, writes and closes `count` alert stores in one process, then exits: run as a child process by
 * tests/server/alerts/store-lifetime.test.ts. Its exit code is the test's verdict. Given a
 * PostgreSQL URL after the count, the stores are opened in that database (each its own pool, which
 * `close` must end, or the process would not exit); otherwise in three SQLite files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../../server/store/index.js';

const count = Number(process.argv[2] ?? '300');
const database = process.argv[3];
const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-stores-'));
for (let i = 0; i < count; i += 1) {
  const store = await openStore(database ?? path.join(dir, `alerts-${i % 3}.sqlite`));
  await store.subscriptions.subscribe({
    endpoint: `https://fcm.googleapis.com/fcm/send/${i}`,
    p256dh: 'B',
    auth: 'A',
    audience: 'all',
    window: 'any',
    expiresAt: null,
  });
  await store.senderLease.lease(`holder-${i}`, 1000);
  await store.close();
}
await rm(dir, { recursive: true, force: true });
// Every store closed: no connection of theirs may be left open (it would hold the process alive).
// The last one's socket, ended as its store closed, closes a moment later: waited for, up to 5 s.
const sockets = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap').length;
const deadline = Date.now() + 5000;
while (sockets() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
if (sockets() > 0) {
  console.error(`connections left open: ${sockets()}`);
  process.exitCode = 1;
}
