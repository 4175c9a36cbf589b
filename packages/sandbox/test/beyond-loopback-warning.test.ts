// A local tool listening beyond loopback says so (trial65, finding 5): startSandbox in process warns
// as the CLI does, through its `warn` option (or on stderr by default), naming where other machines
// reach it; the addresses come from the socket, so `0` and `::0` list the machine's addresses as
// `0.0.0.0` and `::` do, never `http://0:4010` (finding 7).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../src/index.js';

afterEach(() => vi.restoreAllMocks());

async function warningsOf(host: string): Promise<string[]> {
  const warned: string[] = [];
  const sandbox = await startSandbox({ port: 0, host, warn: (line) => warned.push(line) });
  await sandbox.close();
  return warned;
}

describe('startSandbox beyond loopback', () => {
  it('warns through warn: listening beyond loopback, and the addresses it is reachable at', async () => {
    const [line, ...rest] = await warningsOf('0.0.0.0');
    expect(rest).toEqual([]);
    expect(line).toMatch(/^warning: listening on 0\.0\.0\.0, beyond loopback: other machines can reach it; reachable at: http:\/\/127\.0\.0\.1:\d+/);
    expect(line).not.toContain('\n');
  });

  it.each([
    ['0', '0.0.0.0'],
    ['0x0', '0.0.0.0'],
    ['::0', '::'],
  ])('names the machine’s addresses for host %j (bound to %s), not the host as given', async (host, bound) => {
    const [line] = await warningsOf(host);
    expect(line).toContain(`listening on ${host} (${bound}), beyond loopback`);
    const reachable = /reachable at: (.*)$/.exec(line!)![1]!.split(', ');
    expect(reachable).toContainEqual(expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/));
    for (const address of reachable) expect(address).not.toMatch(/^http:\/\/(0|0x0|\[::0?\]):/);
  });

  it('writes the warning on stderr when no warn is given', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string) => void written.push(String(chunk))) as never);
    const sandbox = await startSandbox({ port: 0, host: '0.0.0.0' });
    await sandbox.close();
    expect(written.join('')).toMatch(/^messaging-sandbox: warning: listening on 0\.0\.0\.0, beyond loopback: .*reachable at: http:\/\/.*\n$/);
  });

  it('says nothing on loopback', async () => {
    expect(await warningsOf('127.0.0.1')).toEqual([]);
    expect(await warningsOf('localhost')).toEqual([]);
  });
});
