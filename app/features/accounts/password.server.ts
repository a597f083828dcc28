// Password hashing: bcrypt cost 10 on libuv's thread pool. A check costs one comparison whether or not
// the account exists or has a password, so timing tells no e-mail.
import { hash, verify } from "@node-rs/bcrypt";

const BCRYPT_COST = 10;

// A cost-10 hash of a random string nobody knows; compared against when there is no real hash.
const DUMMY_HASH = "$2b$10$z3ZZkI.ZoGFgQYd4J1mkAeSgu.WHINcQtejYYgKKy.hNpfoKoP8V2";

export const BCRYPT_HASH_PATTERN = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { cost: BCRYPT_COST });
}

export async function verifyPassword(password: string, passwordHash: string | null): Promise<boolean> {
  if (!passwordHash || !BCRYPT_HASH_PATTERN.test(passwordHash)) {
    await verify(password, DUMMY_HASH);
    return false;
  }
  return verify(password, passwordHash);
}
