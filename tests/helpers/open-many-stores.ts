/**
 * Opens, writes and closes `count` alert stores in one process, then exits: run as a child process by
 * tests/server/alerts/store-lifetime.test.ts. Its exit code is the test's verdict. Given a
 * PostgreSQL URL after the count, the stores are opened in that database (each its own pool, which
 * `close` must end, or the process would not exit); otherwise in three SQLite files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openAlertStore } from '../../server/alerts/store/index.js';

const count = Number(process.argv[2] ?? '300');
const database = process.argv[3];
const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-stores-'));
for (let i = 0; i < count; i += 1) {
  const store = await openAlertStore(database ?? path.join(dir, `alerts-${i % 3}.sqlite`));
  await store.subscribe({
    endpoint: `https://fcm.googleapis.com/fcm/send/${i}`,
    p256dh: 'B',
    auth: 'A',
    audience: 'all',
    window: 'any',
    expiresAt: null,
  });
  await store.lease(`holder-${i}`, 1000);
  await store.close();
}
await rm(dir, { recursive: true, force: true });
// Every store closed: no connection of theirs may be left open (it would hold the process alive),
// once the last one's socket, ended as its store closed, has had a moment to close.
await new Promise((resolve) => setTimeout(resolve, 200));
const left = process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap');
if (left.length > 0) {
  console.error(`connections left open: ${left.length}`);
  process.exitCode = 1;
}
