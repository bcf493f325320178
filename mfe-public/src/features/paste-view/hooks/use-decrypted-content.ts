import { useEffect, useState } from 'react';
import type { LoadedPaste } from '../api/paste-api';

/**
 * Why an encrypted paste could not be shown, as the page words it: the paste-crypto codes, with a
 * key that does not open a password-derived envelope told as `wrongPassword` (the password is as
 * likely to be wrong as the key), and `unavailable` when the browser could not decrypt at all (no
 * WebCrypto on a page that is not HTTPS, or the decryption code did not load).
 */
export type DecryptFailure =
  'missingKey' | 'badKey' | 'wrongPassword' | 'passwordRequired' | 'unsupportedVersion' | 'damaged' | 'unavailable';

export type Decryption =
  { status: 'plain' } | { status: 'decrypting' } | { status: 'decrypted'; markdown: string } | { status: 'failed'; reason: DecryptFailure };

/** The decryption code is a chunk of its own, downloaded only for an encrypted paste. */
const loadPasteCrypto = () => import(/* webpackChunkName: "paste-crypto" */ '@cloudclip/contract/paste-crypto');

async function decrypt(envelope: string, key: string, password: string | undefined): Promise<Decryption> {
  let crypto: Awaited<ReturnType<typeof loadPasteCrypto>>;
  try {
    crypto = await loadPasteCrypto();
  } catch {
    return { status: 'failed', reason: 'unavailable' };
  }
  try {
    return { status: 'decrypted', markdown: await crypto.decryptPaste(envelope, key, password) };
  } catch (error) {
    if (!(error instanceof crypto.PasteCryptoError)) return { status: 'failed', reason: 'unavailable' };
    if (error.code === 'badKey' && error.withPassword) return { status: 'failed', reason: 'wrongPassword' };
    return { status: 'failed', reason: error.code };
  }
}

/**
 * The Markdown of a loaded paste: its content as is, or, for an encrypted paste, decrypted in this
 * browser with `key` (the link's fragment) and the password the paste was unlocked with.
 * `tryPassword` decrypts again with another password (nothing is sent to the server).
 */
export function useDecryptedContent(paste: LoadedPaste, key: string) {
  const { encryption, content } = paste;
  const [attempt, setAttempt] = useState<{ password: string | undefined; count: number }>({ password: paste.password, count: 0 });
  const [decryption, setDecryption] = useState<Decryption>(encryption ? { status: 'decrypting' } : { status: 'plain' });

  useEffect(() => {
    if (!encryption) {
      setDecryption({ status: 'plain' });
      return;
    }
    let current = true;
    setDecryption({ status: 'decrypting' });
    void decrypt(content, key, attempt.password).then((result) => {
      if (current) setDecryption(result);
    });
    return () => {
      current = false;
    };
  }, [encryption, content, key, attempt]);

  const tryPassword = (password: string) => setAttempt((previous) => ({ password, count: previous.count + 1 }));
  return { decryption, tryPassword };
}
