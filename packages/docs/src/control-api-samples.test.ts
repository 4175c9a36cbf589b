// The control API reference's curl samples read the control token from a variable that a reader
// actually has: run under `messaging-sandbox --control-token <t> -- sh -c '<sample>'` (the sandbox's
// own CLI, real HTTP on 127.0.0.1), a sample answers 200, and the same sample with its variable
// renamed is refused 401, so it is the variable that carries the token. The samples used to read
// `$SANDBOX_CONTROL_API_API_KEY`, which nothing sets.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readBundle } from './bundles.mjs';
import { CONTROL_API_VARIABLES, controlApiFile, controlApiSamples } from './control-api.mjs';
import { serverUrl } from './samples.mjs';

const run = promisify(execFile);
const sandboxBin = join(dirname(createRequire(import.meta.url).resolve('@messaging-contracts/sandbox/package.json')), 'bin', 'messaging-sandbox.mjs');
const file = controlApiFile();
if (!file) throw new Error('@messaging-contracts/sandbox is not built: run pnpm build');
const doc = readBundle(file);
const samples = controlApiSamples(doc);
// A sample that changes nothing: the control API's root (what it offers).
const listSessions = [...samples.values()].flat().find((sample) => sample.label === 'curl' && /-X GET '[^']*\/__sandbox\/'/.test(sample.source))!.source;

/**
 * The sample's status, run under the sandbox's CLI with a control token, its origin replaced by
 * the `$SANDBOX_URL` the CLI sets (the sample single-quotes its URL: the variable is spliced in
 * between two quoted parts).
 */
async function statusUnderCli(source: string): Promise<number> {
  const command = `${source.replaceAll(new URL(serverUrl(doc)).origin, `'"$SANDBOX_URL"'`)} -s -o /dev/null -m 10 -w '%{http_code}'`;
  const { stdout } = await run(process.execPath, [sandboxBin, '--port', '0', '--control-token', 'docs-sample-token-0123456789', '--', 'sh', '-c', command], { timeout: 30_000 });
  return Number(stdout.trim());
}

describe('control API curl samples', () => {
  it(`read the token from $${CONTROL_API_VARIABLES.apiKey}, which messaging-sandbox -- <command> sets`, async () => {
    expect(listSessions).toContain(`$${CONTROL_API_VARIABLES.apiKey}`);
    expect(await statusUnderCli(listSessions)).toBe(200);
  });

  it('the token is what lets the sample in: under another variable name it is refused', async () => {
    expect(await statusUnderCli(listSessions.replaceAll(`$${CONTROL_API_VARIABLES.apiKey}`, '$NOT_SET_BY_THE_SANDBOX'))).toBe(401);
  });
});
