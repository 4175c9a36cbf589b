// The Arazzo workflows: standard Arazzo 1.0 that Redocly's linter accepts (and whose linter does
// fail on a broken one), carried as data by the committed src/generated/workflows.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSandbox } from '@messaging-contracts/sandbox';
import { describe, expect, it, onTestFinished } from 'vitest';
import { findOperation } from '../src/contract.js';
import { workflowFiles } from '../src/generated/workflows.js';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const specs = join(here, '..', '..', '..', 'specs');
// The specs package's Redocly (the one `pnpm lint` runs), not a second copy as a dependency here.
const redocly = (command: string) => ['pnpm', ['--filter', '@messaging-contracts/openapi', 'exec', 'redocly', command]] as const;
const redoclyEnv = { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' };
const config = join(here, 'arazzo.redocly.yaml');

const files = readdirSync(specs, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => {
    try {
      return readdirSync(join(specs, d.name, 'workflows'))
        .filter((f) => f.endsWith('.arazzo.yaml'))
        .map((f) => join(specs, d.name, 'workflows', f));
    } catch {
      return [];
    }
  });

async function lint(paths: string[]): Promise<{ code: number; output: string }> {
  try {
    const [pnpm, args] = redocly('lint');
    const { stdout, stderr } = await run(pnpm, [...args, '--config', config, ...paths], { env: redoclyEnv });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('the Arazzo workflows', () => {
  it('are the four the issue asks for: A and B send then look up; D lists and campaign report', () => {
    expect(workflowFiles.map((f) => `${f.api} ${f.document.workflows.map((w) => w.workflowId).join(',')}`)).toEqual([
      'gateway-v1 sendThenLookUp',
      'sms-v2 sendThenLookUp',
      'campaign-manager-v1 scheduleThenReport',
      'campaign-manager-v1 createListThenDelete,createListDeleteMultiple',
    ]);
  });

  it('pass redocly lint (recommended-strict), and a broken one does not', async () => {
    expect(files.length).toBe(4);
    const good = await lint([...files]);
    expect(good.output).not.toContain('error');
    expect(good.code).toBe(0);
    const scratch = mkdtempSync(join(tmpdir(), 'verify-arazzo-'));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const broken = join(scratch, 'broken.arazzo.yaml');
    const source = files.find((f) => f.includes('gateway-v1'))!;
    writeFileSync(broken, readFileSync(source, 'utf8').replace('url: ../openapi.yaml', `url: ${join(dirname(source), '..', 'openapi.yaml')}`).replace('$steps.send.outputs.id', '$steps.send.outputs.missing'));
    const bad = await lint([broken]);
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('Output key "missing" is not defined in step "send"');
  }, 60_000);

  it('src/generated/workflows.ts is what the generator makes of them', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'verify-workflows-'));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const out = join(scratch, 'workflows.ts');
    await run(process.execPath, [join(here, '..', 'scripts', 'generate-workflows.mjs'), out]);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(here, '..', 'src', 'generated', 'workflows.ts'), 'utf8'));
  });

  it('run with redocly respect against the sandbox too (standard Arazzo, with Redocly x-security for the credentials)', async () => {
    const credentials = { username: 'workflow-user', password: 'workflow-password' };
    const sandbox = await startSandbox({ port: 0, credentials: { 'gateway-v1': credentials, 'campaign-manager-v1': credentials, 'sms-v2': { apiKey: 'workflow-key' } } });
    try {
      const inputs = {
        ...credentials,
        apiKey: 'workflow-key',
        applicationName: 'respect-app',
        // One body valid as both A's Message and B's SingleMessage, as both workflows name it sendBody.
        sendBody: { content: 'Hello from respect', destination: '+447700900123' },
        createBody: findOperation('campaign-manager-v1', 'createList').examples[0],
        scheduleBody: findOperation('campaign-manager-v1', 'scheduleCampaign').examples[0],
      };
      const servers = `gateway=${sandbox.urls['gateway-v1']},sms=${sandbox.urls['sms-v2']},campaigns=${sandbox.urls['campaign-manager-v1']}`;
      const [pnpm, args] = redocly('respect');
      const { stdout } = await run(pnpm, [...args, ...files, '--input', JSON.stringify(inputs), '--server', servers], { env: redoclyEnv });
      // One summary per file: the list lifecycle's two workflows, one in each of the other three.
      expect(stdout.match(/Workflows: 1 passed, 1 total/g)).toHaveLength(3);
      expect(stdout.match(/Workflows: 2 passed, 2 total/g)).toHaveLength(1);
      expect(stdout).not.toMatch(/failed/);
    } finally {
      await sandbox.close();
    }
  }, 120_000);
});
