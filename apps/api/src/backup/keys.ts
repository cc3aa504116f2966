/**
 * Who may read a backup: age (https://age-encryption.org) to a recipient (`BACKUP_RECIPIENT=age1…`, several
 * separated by commas) or a passphrase (`BACKUP_PASSPHRASE`). Restoring reads `BACKUP_IDENTITY` (an
 * `AGE-SECRET-KEY-1…`, or a file holding such lines) or the same passphrase.
 */
import fs from 'node:fs';
import { Decrypter, Encrypter, generateIdentity, identityToRecipient } from 'age-encryption';

export type Encryption =
  | { kind: 'recipients'; recipients: string[] }
  | { kind: 'passphrase'; passphrase: string; workFactor?: number }
  | { kind: 'none' };

export class BackupKeyError extends Error {}

/**
 * The encryption a backup is written with. Without a key: refused in production; elsewhere refused unless
 * `unencrypted` (the operator's `--unencrypted`), and then the caller warns.
 */
export function encryptionFromEnv(env: NodeJS.ProcessEnv, options: { unencrypted?: boolean } = {}): Encryption {
  const recipients = (env.BACKUP_RECIPIENT ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (recipients.length) {
    for (const r of recipients) {
      if (!/^age1[0-9a-z]+$/.test(r)) throw new BackupKeyError('BACKUP_RECIPIENT is not an age recipient (age1…).');
    }
    return { kind: 'recipients', recipients };
  }
  if (env.BACKUP_PASSPHRASE) return { kind: 'passphrase', passphrase: env.BACKUP_PASSPHRASE };
  if (env.NODE_ENV === 'production') {
    throw new BackupKeyError(
      'Refusing to write a backup in clear in production: set BACKUP_RECIPIENT (an age public key, age1…) ' +
        'or BACKUP_PASSPHRASE.',
    );
  }
  if (!options.unencrypted) {
    throw new BackupKeyError(
      'No BACKUP_RECIPIENT or BACKUP_PASSPHRASE is set: a backup holds patient data and is encrypted by default. ' +
        'Set one of them, or pass --unencrypted to write a clear archive (outside production only).',
    );
  }
  return { kind: 'none' };
}

export function encrypterFor(encryption: Exclude<Encryption, { kind: 'none' }>): Encrypter {
  const e = new Encrypter();
  if (encryption.kind === 'recipients') for (const r of encryption.recipients) e.addRecipient(r);
  else {
    e.setPassphrase(encryption.passphrase);
    if (encryption.workFactor) e.setScryptWorkFactor(encryption.workFactor);
  }
  return e;
}

/** The keys a restore may use: BACKUP_IDENTITY (a key or a file of keys) and/or BACKUP_PASSPHRASE. */
export function decrypterFromEnv(env: NodeJS.ProcessEnv): Decrypter {
  const d = new Decrypter();
  let any = false;
  const identity = env.BACKUP_IDENTITY?.trim();
  if (identity) {
    const text = identity.startsWith('AGE-SECRET-KEY-') ? identity : readIdentityFile(identity);
    const keys = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.startsWith('AGE-SECRET-KEY-'));
    if (!keys.length) throw new BackupKeyError('BACKUP_IDENTITY holds no age identity (AGE-SECRET-KEY-1…).');
    for (const k of keys) d.addIdentity(k);
    any = true;
  }
  if (env.BACKUP_PASSPHRASE) {
    d.addPassphrase(env.BACKUP_PASSPHRASE);
    any = true;
  }
  if (!any) {
    throw new BackupKeyError(
      'This backup is encrypted: set BACKUP_IDENTITY (the age secret key, or a file holding it) or BACKUP_PASSPHRASE.',
    );
  }
  return d;
}

function readIdentityFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new BackupKeyError('BACKUP_IDENTITY is neither an age secret key (AGE-SECRET-KEY-1…) nor a readable file.');
  }
}

/**
 * Reading a backup back right after writing it, without the operator's secret key (which should not live on
 * the server): a file for recipients is also encrypted to a throwaway identity that exists only in this
 * process's memory, and the check decrypts with it. A passphrase file is read back with the passphrase.
 */
export async function withReadBack(
  encryption: Encryption,
): Promise<{ encryption: Encryption; readBackEnv: NodeJS.ProcessEnv }> {
  if (encryption.kind === 'recipients') {
    const identity = await generateIdentity();
    const recipient = await identityToRecipient(identity);
    return {
      encryption: { kind: 'recipients', recipients: [...encryption.recipients, recipient] },
      readBackEnv: { BACKUP_IDENTITY: identity },
    };
  }
  if (encryption.kind === 'passphrase')
    return { encryption, readBackEnv: { BACKUP_PASSPHRASE: encryption.passphrase } };
  return { encryption, readBackEnv: {} };
}

/** A new age key pair (the drill's and the benchmark's throwaway keys). */
export async function newKeyPair(): Promise<{ identity: string; recipient: string }> {
  const identity = await generateIdentity();
  return { identity, recipient: await identityToRecipient(identity) };
}
