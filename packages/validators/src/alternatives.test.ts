import { describe, expect, it } from 'vitest';
import { narrowAlternatives } from './alternatives.js';

const error = (instancePath: string, keyword: string, params: Record<string, unknown> = {}) => ({ instancePath, keyword, params });

describe('narrowAlternatives', () => {
  it('keeps the errors of the alternative that went inside a property, and drops the oneOf error', () => {
    const errors = [error('/a/0', 'required', { missingProperty: 'channel' }), error('/a/0/first', 'required', { missingProperty: 'channel' }), error('/a/0/first/timeout', 'minimum'), error('/a/0', 'oneOf')];
    expect(narrowAlternatives(errors)).toEqual([errors[1], errors[2]]);
  });
  it('keeps every error when none went deeper than the value\'s own fields', () => {
    const errors = [error('/a/0', 'required', { missingProperty: 'channel' }), error('/a/0/timeout', 'type'), error('/a/0', 'oneOf')];
    expect(narrowAlternatives(errors)).toBe(errors);
  });
  it('keeps every error when the deepest errors are inside different properties', () => {
    const errors = [error('/a/0/x/y', 'type'), error('/a/0/z/w', 'enum'), error('/a/0', 'oneOf')];
    expect(narrowAlternatives(errors)).toBe(errors);
  });
  it('leaves errors outside the failing value alone, and reads an anyOf the same way', () => {
    const errors = [error('/b', 'type'), error('/a/1', 'maxProperties'), error('/a/1/x/y', 'enum'), error('/a/1', 'anyOf'), error('/c', 'maxLength')];
    expect(narrowAlternatives(errors)).toEqual([errors[0], errors[2], errors[4]]);
  });
  it('returns the same array when there is no alternative', () => {
    const errors = [error('/a', 'type')];
    expect(narrowAlternatives(errors)).toBe(errors);
  });
});
