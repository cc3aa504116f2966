import { hash, verify } from '@node-rs/argon2';
import type { AppConfig } from '../config.js';

/** argon2id (the default algorithm of @node-rs/argon2). */
export function hashPassword(config: AppConfig, password: string): Promise<string> {
  return hash(password, { ...config.argon2 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same work as a real check when the e-mail is unknown (no account enumeration by timing). */
export async function verifyAgainstDummy(config: AppConfig, password: string): Promise<false> {
  dummy ??= hash('not-a-real-password', { ...config.argon2 });
  await verifyPassword(await dummy, password);
  return false;
}
