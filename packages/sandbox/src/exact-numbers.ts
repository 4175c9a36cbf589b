// A request body's number that JSON.parse reads as another number is refused, rule `safe-integer`
// (README, "Sandbox choices"): stored and read back, it would come back changed. Whatever its
// spelling: 9007199254740993, 9007199254740993.0 and 90071992547409930e-1 all read as 2^53;
// 1e400 reads as Infinity (A's sms_class was read back as null); 1.0000000000000001 and 1e-400 read
// as the integers 1 and 0, which they are not. A number that reads as a fraction (2.5) is left to
// the validators (`type: integer` refuses it).
// No field of a request body of the four bundles is `type: number` (the one `number`, A's
// `messageid`, is a path parameter typed int64; test/exact-numbers.property.test.ts holds this), so
// every number a body may carry is an integer, and refusing one that parses to an integer beyond
// 2^53 - 1 refuses no value the contracts allow. Were a `number` field added, a large double there
// (1.5e300 is an integer as a double) would be refused too: this reading would then need to be
// narrowed to the integer fields.
//
// client-core's `firstUnsafeInteger` (also what the clients of A and D run on answers) finds only
// plain literals, without a fraction or an exponent; client-core stays as it is (its size is
// measured to the byte), and its pointer is reused: the number found here is put back as a plain
// literal that pass refuses, and the pointer is the one it gives, bounded the same way.
import { firstUnsafeInteger } from '@messaging-contracts/client-core';
import { closingQuote } from '@messaging-contracts/validators';

/** A JSON number (RFC 8259 section 6) where one starts: integer digits, fraction digits, exponent. */
const NUMBER = /-?(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?/y;

/** A plain literal beyond 2^53 - 1, which `firstUnsafeInteger` refuses. */
const UNSAFE_LITERAL = '9007199254740993';

/**
 * Whether the literal (its integer digits, fraction digits and exponent) reads as a number other
 * than the one it writes, where that matters: not finite, an integer beyond 2^53 - 1, or an
 * integer the literal is not exactly.
 */
function readsAsAnother(literal: string, digits: string, fraction = '', exponent = '0'): boolean {
  const value = Number(literal);
  if (!Number.isFinite(value)) return true;
  if (!Number.isInteger(value)) return false;
  if (!Number.isSafeInteger(value)) return true;
  if (fraction === '' && exponent === '0') return false;
  // The literal is ±significant × 10^scale; an integer when no significant digit is below the
  // units place. |value| < 2^53 < 10^16, so an exact match has at most 16 digits.
  // Zeros stripped by index, not with /0+$/, which tries every start in a run of zeros followed by
  // another digit: quadratic in the digits (a 100 KB number took 6.5 s).
  const joined = `${digits}${fraction}`;
  let first = 0;
  while (joined.charCodeAt(first) === 0x30 /* 0 */) first++;
  let last = joined.length;
  while (last > first && joined.charCodeAt(last - 1) === 0x30) last--;
  const all = joined.slice(first);
  const significant = joined.slice(first, last);
  if (significant === '') return false; // 0, however written
  const scale = Number(exponent) - fraction.length + (all.length - significant.length);
  return scale < 0 || significant.length + scale > 16 || `${significant}${'0'.repeat(scale)}` !== String(Math.abs(value));
}

/**
 * The JSON pointer of the first number of a valid JSON text that reads as another number (above),
 * or undefined. One pass over the text, strings skipped.
 */
export function firstChangedNumber(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = closingQuote(text, i);
      if (i < 0) return undefined;
    } else if (c === 0x2d /* - */ || (c ^ 0x30) < 10) {
      // Most numbers are plain integers of at most 15 digits (below 2^53), exact as parsed: their
      // digits are skipped without the regular expression (D's long lists of ids cost about a
      // tenth of what reading each with it did).
      let end = i + 1;
      while ((text.charCodeAt(end) ^ 0x30) < 10) end++;
      const next = text.charCodeAt(end);
      if (end - i < 16 && next !== 0x2e /* . */ && (next | 0x20) !== 0x65 /* e, E */) {
        i = end - 1;
        continue;
      }
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (match === null) return undefined; // not valid JSON: JSON.parse refused it first
      const [literal, digits, fraction, exponent] = match as unknown as [string, string, string | undefined, string | undefined];
      if (readsAsAnother(literal, digits, fraction, exponent)) {
        return firstUnsafeInteger(`${text.slice(0, i)}${UNSAFE_LITERAL}${text.slice(i + literal.length)}`)?.[0];
      }
      i += literal.length - 1;
    }
  }
  return undefined;
}
