import webpush from 'web-push';

/**
 * A new VAPID key pair (P-256), base64url, as `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` take it
 * (`npm run alerts:keys`, tools/alerts-keys.ts, which prints at import; the tests and the bench make
 * theirs here). In tools/: the server never makes keys, and loads web-push only when it sends a
 * message (server/alerts/push/send.ts).
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
