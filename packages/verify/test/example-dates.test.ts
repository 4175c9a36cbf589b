// The bundle's examples carry fixed scheduling dates (B's `scheduled` "2027-01-15…", A's
// "2026-12-01…", D's `schedule` "2024-03-15…"); on other days they fall in the past or beyond the
// 60-day bound (section 8). The verifier sends a time one day after its clock (the sandbox's here)
// in every request-body date-time.
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../src/index.js';
import { startDeviatingProxy } from './support/deviating-proxy.js';

let seeded: Sandbox;
beforeAll(async () => {
  // A seeded sandbox's clock starts in 2030: every documented date is in its past.
  seeded = await startSandbox({ port: 0, seed: 'example-dates' });
});
afterAll(() => seeded.close());

const DAY = 24 * 60 * 60 * 1000;

describe('scheduled dates of documented examples', () => {
  it('are sent inside the 60-day bound of the clock the bound is placed from', async () => {
    const clock = Date.parse(((await (await fetch(`${seeded.url}/__sandbox/clock`)).json()) as { now: string }).now);
    expect(clock).toBeGreaterThan(Date.UTC(2029, 0, 1));
    const proxy = await startDeviatingProxy(seeded.url);
    try {
      const report = await verify({ baseUrl: proxy.url, credentials: seeded.credentials, sandboxControl: true, apis: ['gateway-v1', 'sms-v2'], callbackTimeoutMs: 1000 });
      expect(report.checks.filter((c) => !c.passed)).toEqual([]);
      const sent = proxy.requests
        .filter((r) => r.method === 'POST' && /\/rest\/(gateway|sms\/v2)\/messages/.test(r.path))
        .map((r) => JSON.parse(r.body || '{}').scheduled)
        // Less the bodies past the format (`boundary-refused`), whose `scheduled` is no date at all.
        .filter((s): s is string => typeof s === 'string' && !Number.isNaN(Date.parse(s)));
      expect(sent.length).toBeGreaterThan(5);
      // Every one after the clock; none beyond 61 days (the "past the bound" bodies are 61 days ahead).
      for (const scheduled of sent) {
        expect(Date.parse(scheduled), scheduled).toBeGreaterThan(clock);
        expect(Date.parse(scheduled), scheduled).toBeLessThanOrEqual(clock + 61 * DAY + 60_000);
      }
      // The documented examples themselves went with a date one day ahead.
      expect(sent.filter((s) => Math.abs(Date.parse(s) - (clock + DAY)) < 10 * 60_000).length).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });

  it("D's `schedule` too (section 2.4): a campaign is not scheduled in the example's past", async () => {
    const clock = Date.parse(((await (await fetch(`${seeded.url}/__sandbox/clock`)).json()) as { now: string }).now);
    const proxy = await startDeviatingProxy(seeded.url);
    try {
      const report = await verify({ baseUrl: proxy.url, credentials: seeded.credentials, sandboxControl: true, apis: ['campaign-manager-v1'] });
      expect(report.checks.filter((c) => !c.passed)).toEqual([]);
      const examples = proxy.requests.filter((r) => r.method === 'POST' && /\/scheduled_campaigns$/.test(r.path) && JSON.parse(r.body || '{}').name === 'Spring promotion');
      expect(examples.length, 'the documented example was sent').toBeGreaterThan(0);
      // The example (positive phase, authentication, the workflow) went one day after the clock, never with its own date
      // (less the body past the format, whose `schedule` is no date at all).
      for (const r of examples.filter((r) => !Number.isNaN(Date.parse(JSON.parse(r.body).schedule)))) expect(Math.abs(Date.parse(JSON.parse(r.body).schedule) - (clock + DAY)), r.body).toBeLessThan(10 * 60_000);
    } finally {
      await proxy.close();
    }
  });
});
