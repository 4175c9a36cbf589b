// The sandbox's clock: set and advanced per scope, and the 60-day scheduling limit, campaign dates
// and timestamps follow it (not today's date).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../src/index.js';
import { sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients();
});
afterAll(() => t.sandbox.close());

const schedule = (when: string) => t.gateway.POST('/messages', { body: { destination: '+447700900123', content: 'later', scheduled: when } });
const campaign = () => t.campaigns.POST('/scheduled_campaigns', { body: { name: 'n', members: [{ destination: '+447700900123' }], schedule: '2031-01-02T00:00:00Z' } });

describe('clock', () => {
  it("moves A's 60-day limit and D's campaign dates with it", async () => {
    expect((await schedule('2031-01-10T00:00:00Z')).response.status).toBe(400);
    t.sandbox.clock.set('2031-01-01T00:00:00Z');
    expect(Date.parse(t.sandbox.clock.get().now)).toBeGreaterThanOrEqual(Date.parse('2031-01-01T00:00:00Z'));
    const accepted = await schedule('2031-01-10T00:00:00Z');
    expect(accepted.response.status).toBe(201);
    expect((await schedule('2031-04-01T00:00:00Z')).response.status).toBe(400);
    const scheduled = await campaign();
    const report = await t.campaigns.GET('/{campaign_id}/report', { params: { path: { campaign_id: scheduled.data!.id! } } });
    expect(report.data?.[0]?.status_date).toMatch(/^2031-01-01 /);
    t.sandbox.clock.advance(80 * 24 * 3600 * 1000);
    expect((await schedule('2031-04-01T00:00:00Z')).response.status).toBe(201);
    t.sandbox.reset();
    expect(Date.parse(t.sandbox.clock.get().now)).toBeLessThan(Date.parse('2031-01-01T00:00:00Z'));
  });

  it('is per session, and refuses a time it cannot hold', async () => {
    const session = t.sandbox.createSession();
    session.clock.set('2040-06-01T00:00:00Z');
    expect(session.clock.get().now.slice(0, 4)).toBe('2040');
    expect(t.sandbox.clock.get().now.slice(0, 4)).not.toBe('2040');
    expect(() => session.clock.set('next tuesday')).toThrow(/RFC 3339/);
    expect(() => session.clock.advance(1e15)).toThrow(/10 years/);
    await session.close();
  });

  it('in deterministic mode, shows where it stands: set with clock.start (--now)', async () => {
    const seeded = await startSandbox({ port: 0, seed: 's', clock: { start: '2027-03-01T00:00:00Z' } });
    expect(seeded.clock.get()).toEqual({ now: '2027-03-01T00:00:00.000Z', mode: 'deterministic' });
    seeded.clock.advance(1000);
    expect(seeded.clock.get().now).toBe('2027-03-01T00:00:01.000Z');
    await seeded.close();
    const real = await startSandbox({ port: 0, clock: { start: '2035-01-01T00:00:00Z' } });
    expect(real.clock.get()).toMatchObject({ now: expect.stringMatching(/^2035-01-01T00:00/), mode: 'real' });
    await real.close();
  });
});
