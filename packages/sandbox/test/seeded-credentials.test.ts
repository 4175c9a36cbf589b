// Deterministic mode beyond loopback (README, "Deterministic mode"): a seed is no secret, so there
// the credentials must not follow from it unless that is accepted explicitly.
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import { type SandboxOptions, startSandbox } from '../src/index.js';

const GIVEN = {
  'gateway-v1': { password: 'gateway-password-given' },
  'sms-v2': { apiKey: 'sms-key-given' },
  'im-v1': { apiKey: 'im-key-given' },
  'campaign-manager-v1': { password: 'campaign-password-given' },
};

async function withSandboxes<T>(options: SandboxOptions[], use: (...sandboxes: Awaited<ReturnType<typeof startSandbox>>[]) => Promise<T>) {
  const sandboxes = await Promise.all(options.map((o) => startSandbox({ port: 0, ...o })));
  try {
    return await use(...sandboxes);
  } finally {
    await Promise.all(sandboxes.map((s) => s.close()));
  }
}

describe('a seed beyond loopback', () => {
  it('refuses to start while a password or API key would follow from the seed, naming each one not given', async () => {
    await expect(startSandbox({ port: 0, host: '0.0.0.0', seed: 'demo' })).rejects.toThrow(
      new TypeError(
        "with a seed, beyond loopback (host 0.0.0.0), credentials not given would follow from the seed, which is no secret: give credentials['gateway-v1'].password, credentials['sms-v2'].apiKey, credentials['im-v1'].apiKey, credentials['campaign-manager-v1'].password, or allowSeededCredentials: true to accept credentials anyone who knows the seed can derive",
      ),
    );
    const partly = await startSandbox({ port: 0, host: '0.0.0.0', seed: 'demo', credentials: { ...GIVEN, 'im-v1': {} } }).catch((error: Error) => error.message);
    expect(partly).toMatch(/: give credentials\['im-v1'\]\.apiKey, or allowSeededCredentials/);
    // It names what is missing, never a value given.
    for (const value of Object.values(GIVEN).flatMap((c) => Object.values(c))) expect(partly).not.toContain(value);
  });

  it('starts with every secret given: those are used, ids stay deterministic, sessions get random secrets', async () => {
    await withSandboxes(
      [
        { host: '0.0.0.0', seed: 'demo', credentials: GIVEN },
        { host: '0.0.0.0', seed: 'demo', credentials: GIVEN },
        { seed: 'demo', credentials: GIVEN },
      ],
      async (first, second, local) => {
        expect(first.credentials).toMatchObject(GIVEN);
        const sessions = [first, second, local].map((s) => s.createSession({ name: 'test/a.test.ts' }));
        // The session's id still follows from seed and name; its secrets do not beyond loopback.
        expect(sessions[0]!.id).toBe(sessions[2]!.id);
        expect(sessions[1]!.id).toBe(sessions[2]!.id);
        expect(sessions[0]!.credentials['im-v1'].apiKey).not.toBe(sessions[1]!.credentials['im-v1'].apiKey);
        expect(sessions[0]!.credentials['gateway-v1'].password).not.toBe(sessions[2]!.credentials['gateway-v1'].password);
        expect(sessions[0]!.credentials['im-v1'].apiKey).toMatch(new RegExp(`^${sessions[0]!.id}\\.[0-9a-f]{32}$`));
        const unnamed = [first, local].map((s) => s.createSession().id);
        expect(unnamed[0]).toBe(unnamed[1]);
      },
    );
  });

  it('with allowSeededCredentials, derives them from the seed as on loopback', async () => {
    await withSandboxes([{ host: '0.0.0.0', seed: 'demo', allowSeededCredentials: true }, { seed: 'demo' }], async (open, local) => {
      expect(open.credentials).toEqual(local.credentials);
      expect(open.createSession({ name: 'n' }).credentials).toEqual(local.createSession({ name: 'n' }).credentials);
    });
  });

  it('on loopback, or without a seed, nothing changes', async () => {
    await withSandboxes([{ seed: 'demo' }, { seed: 'demo' }, { host: '0.0.0.0' }], async (a, b, unseeded) => {
      expect(a.credentials).toEqual(b.credentials);
      expect(a.createSession({ name: 'n' }).credentials).toEqual(b.createSession({ name: 'n' }).credentials);
      expect(unseeded.credentials['sms-v2'].apiKey).toMatch(/^[0-9a-f]{32}$/);
    });
  });

  it('the CLI refuses it in one line naming the variables, the file and the flags, and the opt-in', () => {
    expect(() => parseCliArgs(['--host', '0.0.0.0', '--seed', 'demo', '--sms-api-key', 'k'], {})).toThrow(
      '--seed with --host 0.0.0.0, beyond loopback: the credentials not given would follow from the seed, which is no secret; give MESSAGING_SANDBOX_GATEWAY_PASSWORD, MESSAGING_SANDBOX_IM_API_KEY, MESSAGING_SANDBOX_CAMPAIGN_PASSWORD (or the same in --credentials-file, or --gateway-password, --im-api-key, --campaign-password), or add --allow-seeded-credentials to accept credentials anyone who knows the seed can derive',
    );
    const env = { MESSAGING_SANDBOX_GATEWAY_PASSWORD: 'a', MESSAGING_SANDBOX_SMS_API_KEY: 'b', MESSAGING_SANDBOX_IM_API_KEY: 'c', MESSAGING_SANDBOX_CAMPAIGN_PASSWORD: 'd' };
    expect(parseCliArgs(['--host', '0.0.0.0', '--seed', 'demo'], env)).toMatchObject({ seed: 'demo', credentials: { 'sms-v2': { apiKey: 'b' } } });
    expect(parseCliArgs(['--host', '0.0.0.0', '--seed', 'demo', '--allow-seeded-credentials'], {})).toMatchObject({ allowSeededCredentials: true });
    expect(parseCliArgs(['--seed', 'demo'], {})).not.toHaveProperty('allowSeededCredentials');
  });
});

it('the CLI started with --allow-seeded-credentials beyond loopback says in its warning that the credentials follow from the seed', async () => {
  const { spawn } = await import('node:child_process');
  const bin = new URL('../bin/messaging-sandbox.mjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [bin, '--port', '0', '--host', '0.0.0.0', '--seed', 'demo', '--allow-seeded-credentials'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('Ctrl-C')) child.kill('SIGINT');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, err).toBe(0);
  expect(err).toContain('\nmessaging-sandbox: credentials not given follow from the seed (--allow-seeded-credentials): anyone who knows it can derive them\n');
}, 20_000);
