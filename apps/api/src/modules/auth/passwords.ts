import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting: 19 MiB memory, 2 iterations, parallelism 1.
 * (`algorithm: 2` is Argon2id; the package exports it as a const enum, which isolated modules
 * cannot inline.)
 */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

// A real hash of a random string, verified when an email is unknown so both paths take as long.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
