// The integer rule both CLIs read their numeric flags with (the sandbox's and messaging-verify's):
// digits only, within the flag's bounds, else the caller's usage error naming the flag and the rule.
import { expect, it } from 'vitest';
import { integerFlags } from '../src/index.js';

class OwnUsageError extends Error {}
const integer = integerFlags(OwnUsageError);

it('an absent flag is undefined; its bounds and what lies between are read as numbers', () => {
  expect(integer('port', undefined, 0, 65535)).toBeUndefined();
  expect(integer('port', '0', 0, 65535)).toBe(0);
  expect(integer('port', '65535', 0, 65535)).toBe(65535);
  expect(integer('max-requests', '007', 1, 100_000)).toBe(7);
});

it.each(['65536', '-1', '+1', '1e3', '1.0', '0x10', ' 5', '5 ', '', 'x', '9'.repeat(400)])('%j is refused with the caller’s error, naming the flag and the rule', (value) => {
  let thrown: unknown;
  try {
    integer('port', value, 0, 65535);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(OwnUsageError);
  expect((thrown as Error).message).toBe('--port must be an integer from 0 to 65535');
});

it('below the lower bound is refused', () => {
  expect(() => integer('max-requests', '0', 1, 100_000)).toThrow(new OwnUsageError('--max-requests must be an integer from 1 to 100000'));
});
