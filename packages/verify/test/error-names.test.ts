// Each error class the package exports names itself: `String(error)`, a stack trace and a test
// runner's report read `UsageError: …`, not a bare `Error: …` (a caller telling a usage mistake from
// an unreachable target by what it printed, or by `error.name` across a realm where `instanceof` fails).
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

type ErrorClass = new (message: string) => Error;
const errorClasses = (Object.entries(api) as [string, unknown][]).filter(
  (entry): entry is [string, ErrorClass] => typeof entry[1] === 'function' && entry[1].prototype instanceof Error,
);

describe('exported error classes', () => {
  it('are the five the README documents', () => {
    expect(errorClasses.map(([name]) => name).sort()).toEqual(['BudgetError', 'DestinationsError', 'InterruptedError', 'UnreachableError', 'UsageError']);
  });

  it.each(errorClasses)('%s names itself', (name, ErrorClass) => {
    const error = new ErrorClass('the message');
    expect(error.name).toBe(name);
    expect(String(error)).toBe(`${name}: the message`);
    expect(error.stack?.split('\n')[0]).toBe(`${name}: the message`);
  });
});
