/** The part of `http_ece` (it ships no types) the test push service uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    readonly version: 'aes128gcm';
    /** The receiver's key pair; the sender's public key comes from the body's header. */
    readonly privateKey: ECDH;
    /** base64url */
    readonly authSecret: string;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
