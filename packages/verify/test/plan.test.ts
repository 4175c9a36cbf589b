// The dry run's plan (README, "Safety"): its size per interface, the budget it must fit, the time
// the pacing implies, and what the run would leave on the target, all counted from the requests
// the dry run prints, so that a live run's first try does not stop part of the way through.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../src/cli-main.js';
import { verify } from '../src/index.js';
import { API_IDS } from '../src/contract.js';

async function dryRun(options: Partial<Parameters<typeof verify>[0]> = {}) {
  const lines: string[] = [];
  const requests: string[] = [];
  await verify({
    baseUrl: 'https://api.example.com',
    live: true,
    destinations: { numbers: ['+447700900999'], emails: [] },
    dryRun: true,
    print: (line) => lines.push(line),
    printRequest: (line) => requests.push(line),
    ...options,
  });
  return { lines, requests };
}

const lineOf = (lines: string[], start: string) => {
  const found = lines.filter((l) => l.startsWith(start));
  expect(found, start).toHaveLength(1);
  return found[0]!;
};

describe('the plan of a dry run', () => {
  it('says its size per interface, the live budget it is over, and the time the live pacing implies', async () => {
    const { lines, requests } = await dryRun();
    const plan = lineOf(lines, 'plan: ');
    const perApi = Object.fromEntries([...plan.matchAll(/([a-z-]+\d?-v\d) (\d+)/g)].map((m) => [m[1], Number(m[2])]));
    expect(Object.keys(perApi)).toEqual([...API_IDS]);
    expect(plan.startsWith(`plan: ${requests.length} requests (`)).toBe(true);
    expect(Object.values(perApi).reduce((a: number, b) => a + Number(b), 0)).toBe(requests.length);
    // The live budget (60) is smaller than the whole plan: said, with the exit it leads to.
    expect(lineOf(lines, 'budget: ')).toBe(
      `budget: 60 requests (maxRequests): the plan is over it by ${requests.length - 60}; the run would stop with exit 2 when it is spent. Raise maxRequests or narrow the run with apis`,
    );
    expect(lineOf(lines, 'pacing: ')).toBe(`pacing: 250 ms between requests: at least ${(((requests.length - 1) * 250) / 1000).toFixed(1)} s, and the answers' time and the callbacks' wait on top`);
  });

  it('says when the plan fits the budget', async () => {
    const { lines, requests } = await dryRun({ apis: ['sms-v2'] });
    expect(lineOf(lines, 'budget: ')).toBe(`budget: 60 requests (maxRequests): the plan fits (${requests.length})`);
  });

  it('says what the run would leave on the target: what it creates and sends, and what it deletes', async () => {
    const { lines, requests } = await dryRun({ apis: ['campaign-manager-v1'] });
    const leaves = lineOf(lines, 'leaves: ');
    const creates = requests.filter((r) => r.includes('-X POST') && r.includes('/lists') && !r.includes('delete_multiple_lists') && r.includes('-u "$'));
    expect(creates.length).toBeGreaterThan(0);
    // Lists created with the credentials given and meant to be accepted: at most these stay.
    expect(leaves).toMatch(/campaign-manager-v1\.createList \d+/);
    expect(leaves).toMatch(/campaign-manager-v1\.scheduleCampaign \d+/);
    expect(lineOf(lines, 'deletes: ')).toMatch(/^deletes: only what the run created: campaign-manager-v1\.deleteList \d+, campaign-manager-v1\.deleteMultipleLists \d+/);
  });
});

describe('a dry run of a target the run itself would be refused', () => {
  it('against a non-loopback address without --live: says so first, then the plan, labelled as the run with --live', async () => {
    let err = '';
    const code = await main(['--base-url', 'https://api.example.com', '--api', 'sms-v2', '--dry-run'], {}, { out: () => {}, err: (text) => void (err += text) });
    expect(code).toBe(0);
    const lines = err.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'dry run: this run would be refused without --live (--base-url https://api.example.com is not a loopback address: nothing is sent there without --live); ' +
        'the plan below, labelled "with --live", is that of the run given --live and --destinations <file>',
    );
    // No line reads as the run's own plan: each says which run it is of.
    expect(lines.filter((l) => /^(plan|budget|pacing|leaves|deletes):/.test(l))).toEqual([]);
    for (const key of ['plan', 'budget', 'pacing', 'leaves', 'deletes']) lineOf(lines, `${key} (with --live): `);
    expect(lineOf(lines, 'budget (with --live): ')).toMatch(/^budget \(with --live\): 60 requests \(--max-requests\): the plan fits/);
  });

  it('with --live, or on loopback, the plan is the run\'s own and nothing is said of a refusal', async () => {
    const live = await dryRun({ apis: ['sms-v2'] });
    const loopback = await dryRun({ apis: ['sms-v2'], baseUrl: 'http://127.0.0.1:9', live: false });
    for (const { lines } of [live, loopback]) {
      expect(lines.filter((l) => l.startsWith('dry run:'))).toEqual([]);
      lineOf(lines, 'budget: ');
    }
  });
});

describe("the README's live examples", () => {
  // Each live command the README shows completes: its dry run's plan fits its budget.
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const examples = readme.split('\n').filter((line) => line.startsWith('npx messaging-verify ') && line.includes('--live') && !line.includes('--dry-run'));

  it.each(examples)('%s', async (example) => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-plan-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'ours.txt'), '+447700900999\n');
    const argv = example.replace(/#.*$/, '').trim().split(/\s+/).slice(2).map((arg) => (arg === 'ours.txt' ? join(dir, 'ours.txt') : arg));
    let err = '';
    const code = await main([...argv, '--dry-run'], {}, { out: () => {}, err: (text) => void (err += text) });
    expect(code).toBe(0);
    expect(err).toMatch(/^budget: \d+ requests? \(--max-requests\): the plan fits/m);
  });

  it('there is one at least', () => expect(examples.length).toBeGreaterThan(0));

  it('the interfaces it says are over the live budget alone are those whose plan is', async () => {
    const over: string[] = [];
    for (const api of API_IDS) {
      const { lines } = await dryRun({ apis: [api] });
      if (lineOf(lines, 'budget: ').includes('over it')) over.push(api);
    }
    expect(over).toEqual(['im-v1']);
    expect(readme.replace(/\s+/g, ' ')).toContain("one interface at a time does, except C's (`--api im-v1`: raise `--max-requests` for it");
  });
});
