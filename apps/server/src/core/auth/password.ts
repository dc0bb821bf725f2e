import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum parameters: 19 MiB of memory, 2 passes, 1 lane.
// `2` is Algorithm.Argon2id; the library's const enum cannot be imported under isolatedModules.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the user is unknown, so timing does not reveal usernames. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('tavola-timing-equaliser');
  return dummyHash;
}
