// Ids and time. Without a seed: crypto UUIDs and the real clock. With a seed (deterministic mode):
// UUID v4s from a seeded PRNG and a fixed clock that advances by a fixed step at each timestamp
// taken, so the same calls give the same ids and timestamps (for consumers' snapshot tests).
import { randomUUID } from 'node:crypto';

export interface Ids {
  /** A version 4 UUID, lower-case hex 8-4-4-4-12 (C's Uuid rule, section 2.3). */
  uuid(): string;
  /** The next integer of a named sequence (A's message ids, D's list ids, ...), from 1. */
  next(sequence: string): number;
  reset(): void;
}

export interface Clock {
  /** The current time in ms, without advancing (what validation compares `scheduled` with). */
  now(): number;
  /** The current time in ms, then advances the deterministic clock by one step. */
  stamp(): number;
  /** Sets the clock to `ms` (it goes on from there: in real time, or by steps in deterministic mode). */
  set(ms: number): void;
  /** Moves the clock forward (or back, negative) by `ms`. */
  advance(ms: number): void;
  reset(): void;
}

/** Deterministic mode's clock starts here unless told otherwise. */
export const DEFAULT_CLOCK_START = Date.UTC(2030, 0, 1);
export const DEFAULT_CLOCK_STEP_MS = 1000;

// cyrb128 to seed sfc32: small, well-known, good enough for test ids (not for secrets).
function seedWords(seed: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

function sfc32(seed: string): () => number {
  let [a, b, c, d] = seedWords(seed);
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
}

// Two hex digits per byte, looked up: a seeded id costs four table reads per word, not a toString.
const BYTE_HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const HEX = '0123456789abcdef';
const hex = (word: number) => BYTE_HEX[word >>> 24]! + BYTE_HEX[(word >>> 16) & 0xff]! + BYTE_HEX[(word >>> 8) & 0xff]! + BYTE_HEX[word & 0xff]!;

export function createIds(seed: string | undefined): Ids {
  const counters = new Map<string, number>();
  let random = seed === undefined ? undefined : sfc32(seed);
  return {
    uuid() {
      if (!random) return randomUUID();
      // Four words as 32 hex digits, the 13th replaced by the version (4) and the 17th by the RFC
      // 4122 variant (its two low bits kept, 8 added), written out digit group by digit group.
      const a = random(), b = random(), c = random(), d = random();
      return (
        hex(a) + '-' +
        BYTE_HEX[b >>> 24]! + BYTE_HEX[(b >>> 16) & 0xff]! + '-4' +
        HEX[(b >>> 8) & 0xf]! + BYTE_HEX[b & 0xff]! + '-' +
        HEX[((c >>> 28) & 0x3) | 0x8]! + HEX[(c >>> 24) & 0xf]! + BYTE_HEX[(c >>> 16) & 0xff]! + '-' +
        BYTE_HEX[(c >>> 8) & 0xff]! + BYTE_HEX[c & 0xff]! + hex(d)
      );
    },
    next(sequence) {
      const value = (counters.get(sequence) ?? 0) + 1;
      counters.set(sequence, value);
      return value;
    },
    reset() {
      counters.clear();
      if (seed !== undefined) random = sfc32(seed);
    },
  };
}

export function createClock(deterministic: boolean, start?: number, stepMs = DEFAULT_CLOCK_STEP_MS): Clock {
  if (!deterministic) {
    // Real time, shifted by an offset once a start is given (`--now`) or the clock is set.
    const initial = start === undefined ? 0 : start - Date.now();
    let offset = initial;
    const now = () => Date.now() + offset;
    return {
      now,
      stamp: now,
      set(ms) {
        offset = ms - Date.now();
      },
      advance(ms) {
        offset += ms;
      },
      reset() {
        offset = initial;
      },
    };
  }
  const first = start ?? DEFAULT_CLOCK_START;
  let current = first;
  return {
    now: () => current,
    stamp() {
      const value = current;
      current += stepMs;
      return value;
    },
    set(ms) {
      current = ms;
    },
    advance(ms) {
      current += ms;
    },
    reset() {
      current = first;
    },
  };
}
