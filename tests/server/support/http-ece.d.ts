// Types for the part of http_ece (RFC 8188 encrypted content-encoding, the library web-push itself uses) that the Web
// Push test calls to decrypt what the server sent, as a browser's push service hands it to the browser.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: string; // base64url
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
