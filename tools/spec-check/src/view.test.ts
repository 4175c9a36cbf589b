// JSON pointer tokens (RFC 6901): a location built with `child` names `~` and `/` as `~0` and `~1`,
// and a `$ref` written that way finds the key it names.
import { describe, expect, it } from 'vitest';
import { escapePointerToken, get, jsonView } from './view.js';

describe('pointer tokens', () => {
  it('escapes ~ and / (in that order) and leaves other tokens as they are', () => {
    expect(escapePointerToken('application/json')).toBe('application~1json');
    expect(escapePointerToken('a~b/c')).toBe('a~0b~1c');
    expect(escapePointerToken('~1')).toBe('~01');
    expect(escapePointerToken('plain')).toBe('plain');
    expect(escapePointerToken(3)).toBe('3');
  });

  it('builds child locations with escaped tokens, and resolves them back to the keys', () => {
    const document = { 'a/b': { 'c~d': { '~1': 'found' } }, ref: { $ref: '#/a~1b/c~0d/~01' } };
    const view = jsonView(document);
    const leaf = get(view, get(view, get(view, view.root, 'a/b')!, 'c~d')!, '~1')!;
    expect(view.pointer(leaf.loc)).toBe('/a~1b/c~0d/~01');
    expect(view.resolveRef(get(view, view.root, 'ref')!)).toEqual({ value: 'found', loc: leaf.loc });
  });
});
