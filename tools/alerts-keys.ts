/**
 * `npm run alerts:keys`: prints a new VAPID key pair (P-256, base64url) as the environment lines the
 * server reads. The private key signs every alert: keep it as secret as any credential.
 */
import { generateVapidKeys } from './vapid-keys.js';
import { readCommandLine } from './command-line.js';

readCommandLine({
  usage: 'npm run alerts:keys',
  description:
    'Prints a new VAPID key pair for browser alerts, as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY lines.',
  options: {},
});
const { publicKey, privateKey } = generateVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
