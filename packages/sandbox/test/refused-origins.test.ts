// A refused CORS Origin is said on the sandbox's warnings (stderr by default): once per origin,
// naming it and the --cors value that allows it, and bounded in lines and memory however many
// Origins arrive.
import { describe, expect, it } from 'vitest';
import { corsPolicy } from '../src/cors.js';
import { MAX_ORIGIN_CHARS, MAX_REPORTED_ORIGINS, originRefusalReporter } from '../src/refused-origins.js';
import { startSandbox } from '../src/index.js';

const preflight = (url: string, origin: string) =>
  fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });

describe('a refused Origin', () => {
  it('is reported once, naming the origin and the --cors value that allows it', async () => {
    const warnings: string[] = [];
    const sandbox = await startSandbox({ port: 0, warn: (message) => warnings.push(message) });
    try {
      const url = `${sandbox.urls['im-v1']}/message`;
      expect((await preflight(url, 'http://app.example.test:4921')).status).toBe(403);
      expect((await preflight(url, 'http://app.example.test:4921')).status).toBe(403);
      // A simple request (no preflight) from there is answered without CORS headers: refused too, same origin, no new line.
      await fetch(`${sandbox.urls['sms-v2']}/openapi.yaml`, { headers: { origin: 'http://app.example.test:4921' } });
      expect(warnings).toEqual([
        'CORS refused the Origin "http://app.example.test:4921" (allowed: loopback origins only), so a page there gets only a network error ("Failed to fetch"); ' +
          'to allow it, start the sandbox with --cors http://app.example.test:4921 (startSandbox: the cors option)',
      ]);
      // An allowed origin is not reported.
      expect((await preflight(url, 'http://localhost:5173')).status).toBe(204);
      expect(warnings).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });

  it('suggests the whole --cors value when some origins are given, and none for "null"', async () => {
    const warnings: string[] = [];
    const sandbox = await startSandbox({ port: 0, cors: ['https://one.example.test'], warn: (message) => warnings.push(message) });
    try {
      await preflight(`${sandbox.urls['im-v1']}/message`, 'https://two.example.test');
      await preflight(`${sandbox.urls['im-v1']}/message`, 'null');
      expect(warnings[0]).toContain('(allowed: loopback origins and https://one.example.test (--cors))');
      expect(warnings[0]).toContain('start the sandbox with --cors https://one.example.test,https://two.example.test ');
      expect(warnings[1]).toMatch(/^CORS refused the Origin "null" .*no --cors value can allow it .*serve the page over http\(s\)$/);
    } finally {
      await sandbox.close();
    }
  });

  it('is bounded: once per origin, at most MAX_REPORTED_ORIGINS origins, each kept to MAX_ORIGIN_CHARS', () => {
    const warnings: string[] = [];
    const report = originRefusalReporter((message) => warnings.push(message), corsPolicy('loopback'));
    const long = `https://${'a'.repeat(10_000)}.example`;
    report(long);
    report(`${long}-same-first-characters`);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.length).toBeLessThan(MAX_ORIGIN_CHARS + 400);
    for (let i = 0; i < 10 * MAX_REPORTED_ORIGINS; i++) report(`https://app${i % (2 * MAX_REPORTED_ORIGINS)}.example.test`);
    // The long one, MAX_REPORTED_ORIGINS - 1 others, then one line saying the rest go unreported.
    expect(warnings).toHaveLength(MAX_REPORTED_ORIGINS + 1);
    expect(warnings.at(-1)).toBe(`CORS refused ${MAX_REPORTED_ORIGINS} different Origins; further refused Origins are not reported`);
    report('https://later.example.test');
    expect(warnings).toHaveLength(MAX_REPORTED_ORIGINS + 1);
  });

  it('header control characters are quoted, not written to the terminal', () => {
    const warnings: string[] = [];
    originRefusalReporter((message) => warnings.push(message), corsPolicy('off'))('https://x.test\u001b[2J');
    expect(warnings[0]).toContain('"https://x.test\\u001b[2J"');
    expect(warnings[0]).toContain('(allowed: none (--cors off))');
  });

  it('a warn that is not a function is refused at start, and one that throws does not stop the answer', async () => {
    await expect(startSandbox({ port: 0, warn: 'stderr' as never })).rejects.toThrow('warn must be a function of one string');
    const sandbox = await startSandbox({ port: 0, warn: () => { throw new Error('sink broken'); } });
    try {
      expect((await preflight(`${sandbox.urls['im-v1']}/message`, 'https://app.example.test')).status).toBe(403);
    } finally {
      await sandbox.close();
    }
  });

  it('with --cors off, a loopback origin is told to drop it', () => {
    const warnings: string[] = [];
    originRefusalReporter((message) => warnings.push(message), corsPolicy('off'))('http://localhost:5173');
    expect(warnings[0]).toContain('to allow it, start the sandbox with --cors loopback (the default)');
  });
});
