// The summary line, the command's last line of stdout, and the other counts the verifier prints: a
// count of one takes the singular (`verify: 1 check, 1 failed`), and the pattern the README gives
// readers (CI scripts) reads every form of the line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summaryLine } from '../src/index.js';
import { counted } from '../src/plural.js';

const checks = (n: number) => Array.from({ length: n }, () => ({ check: 'accepted', section: '4.3', operation: 'im-v1.sendMessage', subject: 'documented example 1', passed: false }));
/** The pattern the README gives scripts for the summary line ("Command"), read from the README itself. */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const README_PATTERN = new RegExp(/a script reads the line with `([^`]+)`/.exec(readme)![1]!);

describe('summaryLine', () => {
  it.each([
    [0, 0, 'verify: 0 checks, 0 failed'],
    [1, 1, 'verify: 1 check, 1 failed'],
    [1, 0, 'verify: 1 check, 0 failed'],
    [2, 1, 'verify: 2 checks, 1 failed'],
  ])('%i checks, %i failed: %s, read back by the README pattern', (total, failed, line) => {
    expect(summaryLine({ checks: checks(total), failed })).toBe(line);
    expect(README_PATTERN.exec(line)?.slice(1).map(Number)).toEqual([total, failed]);
  });
});

describe('counted', () => {
  it('takes the singular for one only', () => {
    expect([0, 1, 2].map((n) => counted(n, 'request'))).toEqual(['0 requests', '1 request', '2 requests']);
    expect(counted(1, 'other callback')).toBe('1 other callback');
  });
});
