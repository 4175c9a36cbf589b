// Reads the limits a description states in words ("maximum length 255", "1 to 10 items", "Error
// code, 200 to 500"), so described-limits.ts can hold each number to its keyword. Only phrases
// whose measure is certain are read; everything else is left alone, never guessed:
// - section references ("section 8", "sections 2.3 and 8", "§ 7") are blanked out first;
// - a number inside a token (E.164, E164, int32, 2.3, 8-4-4-4-12, a 20-character limit) is no number;
// - a number followed by a word that is not a known unit ("1 to 14 further digits", "at most 60
//   days ahead": a scheduling rule, not a keyword) is not read;
// - a unit-less number ("200 to 500", "at most 100") is a value bound, attributed only where the
//   schema is numeric (described-limits.ts);
// - a limit said of something else ("at most 255 characters for C") or a position ("the first 1000
//   characters") is not this schema's.

/** What a number bounds: a string's length, an array's items, an object's properties, or the value. */
export type Measure = 'length' | 'items' | 'properties' | 'value';

export interface StatedBound {
  bound: 'min' | 'max';
  value: number;
}

export interface LimitPhrase {
  /** The words as written (whitespace collapsed), for the message. */
  text: string;
  /** `value` for a unit-less number or a unit of the value (seconds): only a numeric schema takes it. */
  measure: Measure;
  bounds: StatedBound[];
}

const UNITS: Record<string, Measure> = {
  character: 'length',
  characters: 'length',
  chars: 'length',
  item: 'items',
  items: 'items',
  element: 'items',
  elements: 'items',
  entries: 'items',
  property: 'properties',
  properties: 'properties',
  second: 'value',
  seconds: 'value',
};

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

// A whole number, not part of a decimal, a dotted or hyphenated group, or a word (E164, int32, v1).
const N = String.raw`(?<![\w.]|\d[-–])(\d+)(?![\w]|[.,]\d|[-–]\d)`;
// After "at least", "at most", "exactly": a number word as well ("at least two properties").
const NW = String.raw`(?<![\w.]|\d[-–])(\d+|one|two|three|four|five|six|seven|eight|nine|ten)(?![\w]|[.,]\d|[-–]\d)`;
// What follows the last number: a word (a unit, or something else), or nothing word-like.
const AFTER = String.raw`(?:[ \t]+([A-Za-z]+))?`;

interface Form {
  pattern: RegExp;
  /** The bounds and the measure the words give, before the unit decides. */
  read(match: RegExpExecArray): { bounds: StatedBound[]; measure?: Measure; unit?: string } | undefined;
}

const num = (text: string | undefined) => (text === undefined ? NaN : (WORDS[text.toLowerCase()] ?? Number(text)));

// In priority order: an earlier form's words are not read again by a later one.
const FORMS: Form[] = [
  // "maximum length 255", "max length 36", "maximum length of 255 characters", "length bound 320"
  {
    pattern: new RegExp(String.raw`\b(?:maximum|max\.?)[ \t]+length(?:[ \t]+(?:of|is))?[ \t]+${N}${AFTER}|\blength[ \t]+bound[ \t]+${N}${AFTER}`, 'gi'),
    read: (m) => ({ bounds: [{ bound: 'max', value: num(m[1] ?? m[3]) }], measure: 'length', unit: m[2] ?? m[4] }),
  },
  // "minimum length 1", "min length 1"
  {
    pattern: new RegExp(String.raw`\b(?:minimum|min\.?)[ \t]+length(?:[ \t]+(?:of|is))?[ \t]+${N}${AFTER}`, 'gi'),
    read: (m) => ({ bounds: [{ bound: 'min', value: num(m[1]) }], measure: 'length', unit: m[2] }),
  },
  // "1 to 10 items", "range 200 to 500", "between 2 and 5 characters"
  {
    pattern: new RegExp(String.raw`(?:\b(?:range|from)[ \t]+)?${N}[ \t]+to[ \t]+${N}${AFTER}|\bbetween[ \t]+${N}[ \t]+and[ \t]+${N}${AFTER}`, 'gi'),
    read: (m) => ({
      bounds: [
        { bound: 'min', value: num(m[1] ?? m[4]) },
        { bound: 'max', value: num(m[2] ?? m[5]) },
      ],
      unit: m[3] ?? m[6],
    }),
  },
  // "at most 100 items", "up to 20 characters", "no more than 5"
  {
    pattern: new RegExp(String.raw`\b(?:at[ \t]+most|up[ \t]+to|no[ \t]+more[ \t]+than)[ \t]+${NW}${AFTER}`, 'gi'),
    read: (m) => ({ bounds: [{ bound: 'max', value: num(m[1]) }], unit: m[2] }),
  },
  // "at least one property", "no fewer than 2 items"
  {
    pattern: new RegExp(String.raw`\b(?:at[ \t]+least|no[ \t]+(?:fewer|less)[ \t]+than)[ \t]+${NW}${AFTER}`, 'gi'),
    read: (m) => ({ bounds: [{ bound: 'min', value: num(m[1]) }], unit: m[2] }),
  },
  // "exactly one property", and a bare count with a unit: "36 characters" (both bounds)
  {
    pattern: new RegExp(String.raw`\bexactly[ \t]+${NW}${AFTER}|${N}[ \t]+(characters|chars|items|elements|properties)\b`, 'gi'),
    read: (m) => {
      const value = num(m[1] ?? m[3]);
      const unit = m[2] ?? m[4];
      // A bare number is read only with a unit; "exactly 5" alone is a value.
      return { bounds: [{ bound: 'min', value }, { bound: 'max', value }], unit };
    },
  },
];

// "section 8", "sections 2.3 and 8", "sections 1 to 9", "§ 7", "§§ 2.3, 8": references, not limits.
const SECTION_REFERENCE = /(?:\bsections?|§§?)[ \t]*\d[\d.]*(?:[ \t]*(?:,|and|or|to|[-–])[ \t]*\d[\d.]*)*/gi;

const QUALIFIED = /^[ \t]+for\b/i;
const POSITION = /\b(?:first|last|next|initial|final)[ \t]+$/i;

/** The limit phrases of one description, each with the bounds it states and what they bound. */
export function readLimitPhrases(description: string): LimitPhrase[] {
  // Same length as the text, so the spans below stay where they were written.
  const text = description.replace(/\s/g, ' ').replace(SECTION_REFERENCE, (reference) => ' '.repeat(reference.length));
  // Characters already read by a form: a mask, so the overlap test costs the match's length only.
  const taken = new Uint8Array(text.length);
  const found: Array<{ at: number; phrase: LimitPhrase }> = [];
  for (const form of FORMS) {
    form.pattern.lastIndex = 0;
    for (let match = form.pattern.exec(text); match; match = form.pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.subarray(start, end).includes(1)) continue;
      taken.fill(1, start, end);
      // A limit of something else ("at most 255 characters for C") or a position ("the first 1000
      // characters", a truncation): not this schema's bound.
      if (QUALIFIED.test(text.slice(end, end + 8)) || POSITION.test(text.slice(Math.max(0, start - 12), start))) continue;
      const read = form.read(match);
      if (!read || read.bounds.some((b) => !Number.isSafeInteger(b.value))) continue;
      let measure = read.measure;
      let words = match[0];
      if (read.unit !== undefined) {
        const unitMeasure = UNITS[read.unit.toLowerCase()];
        // A word that is no unit ("further digits", "days ahead", "of the list"): not a limit we can place.
        if (unitMeasure === undefined) {
          if (measure === undefined) continue;
          words = words.slice(0, words.length - read.unit.length); // "maximum length 255 and": the phrase ends at 255
        } else if (measure !== undefined && unitMeasure !== measure) {
          continue; // "maximum length 5 items": contradictory words, left alone
        } else {
          measure = unitMeasure;
        }
      }
      found.push({ at: start, phrase: { text: words.trim().replace(/ +/g, ' '), measure: measure ?? 'value', bounds: read.bounds } });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.phrase);
}
