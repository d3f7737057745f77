import { hash, verify } from '@node-rs/argon2';
import { authMessages } from '@portal/contract/auth';
import { AppError } from './errors.ts';

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

// zxcvbn-ts ships a ranked list of ~49,000 passwords seen in breaches; loaded on first use.
let commonPasswords: Promise<Set<string>> | undefined;
const loadCommonPasswords = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ));

/**
 * What is wrong with a new password beyond the length the contract checks: null when it is fine.
 * Refuses passwords from the common list (case-insensitively, also with trailing digits and
 * symbols removed, so `Password123!` counts as `password`) and passwords containing the email.
 */
export async function passwordProblem(password: string, email?: string): Promise<string | null> {
  const lower = password.toLowerCase();
  const common = await loadCommonPasswords();
  const stem = lower.replace(/[\d\W_]+$/, '');
  if (common.has(lower) || (stem.length >= 4 && common.has(stem)))
    return authMessages.passwordCommon;
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) return authMessages.passwordHasEmail;
  return null;
}

/** Throws the 400 a form shows on its password field when `passwordProblem` finds something. */
export async function assertPasswordAllowed(password: string, field: string, email?: string) {
  const problem = await passwordProblem(password, email);
  if (problem) throw AppError.badRequest(problem, { [field]: [problem] });
}
