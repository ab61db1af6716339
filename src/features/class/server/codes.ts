// The class's secrets: a join code per trainee (the password of their router user, typed by a
// person: lowercase letters and digits without look-alikes, in groups) and the instructor's
// token (32 random bytes, base64url). Compared in constant time.
import { createHash, randomInt, randomBytes, timingSafeEqual } from 'node:crypto';

// No 0/o, 1/l/i: read aloud or from a projector, each character is one.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 12 characters (about 59 bits) as xxxx-xxxx-xxxx. */
export function newJoinCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let s = '';
    for (let i = 0; i < 4; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(s);
  }
  return groups.join('-');
}

export const newInstructorToken = (): string => randomBytes(32).toString('base64url');

/** A random secret no person types (the routers' admin, the telemetry keys' seed). */
export const newInternalSecret = (): string => randomBytes(24).toString('base64url');

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Equal, in a time that does not depend on where they differ. */
export const sameSecret = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b));
