// The reader of limits stated in words: every phrasing the specs use today, and what it must not
// misread (section numbers, dates, pattern digits, numbers inside tokens).
import { describe, expect, it } from 'vitest';
import { readLimitPhrases } from './limit-phrases.js';

const read = (text: string) => readLimitPhrases(text).map(({ text: words, measure, bounds }) => ({ words, measure, bounds: bounds.map((b) => `${b.bound} ${b.value}`) }));

describe('readLimitPhrases', () => {
  it.each([
    // The phrasings of specs/**/*.yaml (surveyed with grep), each with its section reference.
    ['Reference of the message; maximum length 255 (sections 2.3 and 8).', 'maximum length 255', 'length', ['max 255']],
    ['Mask of the message, at most 20 characters (section 8).', 'at most 20 characters', 'length', ['max 20']],
    ['Individual errors, at most 100 items (sections 2.3 and 8).', 'at most 100 items', 'items', ['max 100']],
    ['Source on this channel, 1 to 30 characters (sections 2.3 and 8).', '1 to 30 characters', 'length', ['min 1', 'max 30']],
    ['Template parameters, 0 to 20 items (sections 2.3 and 8).', '0 to 20 items', 'items', ['min 0', 'max 20']],
    ['Error code, 200 to 500.', '200 to 500', 'value', ['min 200', 'max 500']],
    ['Timeout of this attempt in seconds, 0 to 604800 (sections 2.3 and 8).', '0 to 604800', 'value', ['min 0', 'max 604800']],
    ['(channel required, timeout 0 to 604800 seconds).', '0 to 604800 seconds', 'value', ['min 0', 'max 604800']],
    ['E-mail address in e-mail format, length bound 320 (section 2.3).', 'length bound 320', 'length', ['max 320']],
    ['Version 4 UUID, 36 characters, lower-case hex groups 8-4-4-4-12 (section 2.3).', '36 characters', 'length', ['min 36', 'max 36']],
    ['The message to send; at least two properties are present', 'at least two properties', 'properties', ['min 2']],
    ['an object with exactly one property, whose value is the DeliveryAttempt', 'exactly one property', 'properties', ['min 1', 'max 1']],
    // The spec document's own wordings, should a description quote them.
    ['timeout (integer int32, seconds, range 0 to 604800, optional)', 'range 0 to 604800', 'value', ['min 0', 'max 604800']],
    ['`id` (string uuid, max length 36)', 'max length 36', 'length', ['max 36']],
    ['minimum length 1 (section 2)', 'minimum length 1', 'length', ['min 1']],
    ['between 2 and 5 characters', 'between 2 and 5 characters', 'length', ['min 2', 'max 5']],
    ['up to 10 items', 'up to 10 items', 'items', ['max 10']],
  ])('%s', (description, words, measure, bounds) => {
    expect(read(description)).toEqual([{ words, measure, bounds }]);
  });

  it('reads a number and its words once, where two forms could read them', () => {
    // "maximum length 16" and no bare "16"; "1 to 14 further digits" is no limit (a pattern's digits).
    expect(read('Mobile number in E.164 form: a plus sign, a non-zero digit and 1 to 14 further digits; maximum length 16 (sections 2.3 and 8).')).toEqual([
      { words: 'maximum length 16', measure: 'length', bounds: ['max 16'] },
    ]);
    expect(read('1 to 10 items; `source` 1 to 30 characters').map((p) => p.words)).toEqual(['1 to 10 items', '1 to 30 characters']);
  });

  it.each([
    // Section references, however written, are no limits ("sections 1 to 9" is no range).
    'Interface C of the messaging service (spec document, sections 1 to 9).',
    'Status (delivery report) callback body sent to the receiver (sections 2.3 and 6).',
    'Section 8: the definition carries the bounds.',
    'see § 8, §§ 2.3 and 8',
    // A date rule is no keyword: "60 days" is not a length or a value bound.
    'When to send the message. Scheduling upper limit is at most 60 days ahead (section 8).',
    'Scheduling upper limit: at most 60 days ahead (section 8).',
    // Numbers inside tokens and unit-less references.
    'Mobile number must be in E164 format; E.164 form',
    'lower-case hex groups 8-4-4-4-12',
    'Member parameter 1. Its use is not described in the spec document.',
    'Reply body (201) of `POST /{application_name}/lists`.',
    'The declared version is 1.0.1; the version marker is the `v1` in the base path.',
    'integer int64, RFC 6838',
    // A limit that belongs to another interface, with a hyphen, and bounds of unknown meaning.
    "The spec document states no length limit for this interface's `mask` (the 20-character limit of section 8 applies to interface A only).",
    'the definition carries the bounds 1 and 1000 for these items',
    // A limit said of something else, and a position (a truncation), are not this schema's bound.
    "The callback's `detail`; default `Status changed by the sandbox`. At most 255 characters for C (section 2.3).",
    "The answer's body, first 1000 characters.",
    // A number followed by a word that is no unit.
    'at least one of the fields',
    '1 to 14 further digits',
  ])('ignores %s', (description) => {
    expect(read(description)).toEqual([]);
  });

  it('bounds its work by the text: a long description is read in one pass', () => {
    const long = 'at most 5 items, '.repeat(20_000);
    expect(readLimitPhrases(long)).toHaveLength(20_000);
  });
});
