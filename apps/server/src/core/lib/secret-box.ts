import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * Encrypts secrets the server must read back (a webhook's signing secret: it signs with it, so a
 * hash would not do). AES-256-GCM under the server's key; a stored value is
 * `v1:<iv>.<tag>.<ciphertext>` in base64url, and a changed byte fails to open.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

function boxWith(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return `v1:${parts.join('.')}`;
    },
    open(sealed) {
      const [version, rest] = sealed.split(':', 2);
      const [iv, tag, data] = (rest ?? '').split('.').map((p) => Buffer.from(p, 'base64url'));
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}

/** The key's text: SECRETS_KEY, else the data folder's key file (made once), else this process's. */
function keyText(config: Pick<Config, 'secretsKey' | 'dataDir'>): string {
  if (config.secretsKey) return config.secretsKey;
  if (config.dataDir === ':memory:') return randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // `wx`: another process that made it first wins, and its key is read below.
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
      chmodSync(file, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

const boxes = new WeakMap<object, SecretBox>();

/** The secret box of this configuration (one key per configuration object, made once). */
export function secretBoxFor(config: Pick<Config, 'secretsKey' | 'dataDir'>): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = boxWith(createHash('sha256').update(keyText(config)).digest());
    boxes.set(config, box);
  }
  return box;
}
