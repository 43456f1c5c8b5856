import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let next = POOL_BYTES;

/**
 * A PRNG for `ulid` (a fraction in [0, 1)) drawing from a crypto-random buffer refilled 4 KiB at a time. ulid's own
 * asks the operating system for one byte per character, sixteen calls per id, and a write makes dozens of ids (its
 * record, its event, the webhook fan-out's): 3 % of a write's CPU (issue 19). A byte over 256 gives each of the 32
 * characters exactly 8 values, so the ids are as uniform as before.
 */
export function pooledRandom(): number {
  if (next === POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}
