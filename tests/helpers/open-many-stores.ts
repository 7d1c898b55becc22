/**
 * Opens, writes and closes `count` alert stores in one process, then exits: run as a child process by
 * tests/server/alerts/store-lifetime.test.ts. Its exit code is the test's verdict.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openAlertStore } from '../../server/alerts/store/index.js';

const count = Number(process.argv[2] ?? '300');
const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-stores-'));
for (let i = 0; i < count; i += 1) {
  const store = await openAlertStore(path.join(dir, `alerts-${i % 3}.sqlite`));
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
