// The JUnit XML report's totals: what CI dashboards read first, so they must add up.
import { describe, expect, it } from 'vitest';
import { junitOf, type CheckResult, type Report } from '../src/report.js';

const check = (operation: string, passed: boolean): CheckResult => ({
  check: 'status-documented',
  section: '3',
  operation,
  subject: 'documented example 1',
  passed,
  ...(!passed && { message: 'answered 500, not documented' }),
});

const report = (stopped?: string): Report => {
  const checks = [check('gateway-v1.sendMessage', true), check('gateway-v1.getMessage', false), check('sms-v2.sendMessage', true)];
  return { target: 'http://127.0.0.1:1', apis: ['gateway-v1', 'sms-v2'], checks, failed: 1, requests: 3, notes: [], durationMs: 1500, seed: 1, ...(stopped !== undefined && { stopped }) };
};

const attributes = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element} ([^>]*)>`, 'g'))].map((m) => Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

describe('junitOf', () => {
  it('gives the root and every suite tests, failures and errors, and the root sums its suites', () => {
    const xml = junitOf(report());
    const [root] = attributes(xml, 'testsuites');
    expect(root).toMatchObject({ tests: '3', failures: '1', errors: '0', time: '1.500' });
    const suites = attributes(xml, 'testsuite');
    expect(suites.map((s) => [s.name, s.tests, s.failures, s.errors])).toEqual([
      ['gateway-v1', '2', '1', '0'],
      ['sms-v2', '1', '0', '0'],
    ]);
  });

  it('counts a stopped run as one errored case on the root too, so no reader takes it for a pass', () => {
    const xml = junitOf(report('the target never answered'));
    const [root] = attributes(xml, 'testsuites');
    expect(root).toMatchObject({ tests: '4', failures: '1', errors: '1' });
    const suites = attributes(xml, 'testsuite');
    expect(suites.reduce((sum, s) => sum + Number(s.tests), 0)).toBe(4);
    expect(suites.reduce((sum, s) => sum + Number(s.errors), 0)).toBe(1);
    expect(xml).toContain('<error message="the target never answered">');
  });
});
