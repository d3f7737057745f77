import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { keyFromFile } from './keys.ts';

/**
 * Secrets at rest (authenticator secrets now; port-in PINs and payment tokens later): AES-256-GCM
 * with a 32-byte key from SECRETS_KEY, else made once in DATA_DIR/secrets.key. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), authenticated, so a changed byte or another key's
 * value is refused rather than read as garbage. Sealed values are never put in a reply.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain value; throws on a value sealed with another key or changed. */
  open(sealed: string): string;
  /** Whether a stored value is sealed (older rows held plain values). */
  isSealed(value: string): boolean;
}

const PREFIX = 'v1.';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secrets: the key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX.slice(0, -1), iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined)
        throw new Error('secrets: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    isSealed: (value) => value.startsWith(PREFIX),
  };
}

const boxes = new Map<string, SecretBox>();

/** The app's secret box: SECRETS_KEY, or the key file in DATA_DIR (one box per key source). */
export function secretBoxFor(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>): SecretBox {
  const source = config.SECRETS_KEY
    ? `env:${config.SECRETS_KEY.toString('base64')}`
    : `file:${config.DATA_DIR}`;
  let box = boxes.get(source);
  if (!box) {
    box = createSecretBox(config.SECRETS_KEY ?? keyFromFile(join(config.DATA_DIR, 'secrets.key')));
    boxes.set(source, box);
  }
  return box;
}
