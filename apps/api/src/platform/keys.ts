import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A 32-byte HMAC key kept in `file` (base64url, mode 0600): made on first use, then read, so it
 * survives restarts and is shared by instances on the same DATA_DIR. Several instances starting
 * together agree: only one `wx` create wins, the others read its key.
 */
export function keyFromFile(file: string): Buffer {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.length < 32) throw new Error(`${file} holds a key shorter than 32 bytes`);
  return key;
}
