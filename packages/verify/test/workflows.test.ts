// The Arazzo workflows: standard Arazzo 1.0 that Redocly's linter accepts (and whose linter does
// fail on a broken one), carried as data by the committed src/generated/workflows.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { workflowFiles } from '../src/generated/workflows.js';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const specs = join(here, '..', '..', '..', 'specs');
// The specs package's Redocly (the one `pnpm lint` runs), not a second copy as a dependency here.
const redocly = ['pnpm', ['--filter', '@messaging-contracts/openapi', 'exec', 'redocly', 'lint']] as const;
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
    const { stdout, stderr } = await run(redocly[0], [...redocly[1], '--config', config, ...paths], { env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } });
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
      'campaign-manager-v1 createListDeleteGone,createListDeleteMultiple',
    ]);
  });

  it('pass redocly lint (recommended-strict), and a broken one does not', async () => {
    expect(files.length).toBe(4);
    const good = await lint([...files]);
    expect(good.output).not.toContain('error');
    expect(good.code).toBe(0);
    const broken = join(mkdtempSync(join(tmpdir(), 'verify-arazzo-')), 'broken.arazzo.yaml');
    const source = files.find((f) => f.includes('gateway-v1'))!;
    writeFileSync(broken, readFileSync(source, 'utf8').replace('url: ../openapi.yaml', `url: ${join(dirname(source), '..', 'openapi.yaml')}`).replace('$steps.send.outputs.id', '$steps.send.outputs.missing'));
    const bad = await lint([broken]);
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('Output key "missing" is not defined in step "send"');
  }, 60_000);

  it('src/generated/workflows.ts is what the generator makes of them', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'verify-workflows-')), 'workflows.ts');
    await run(process.execPath, [join(here, '..', 'scripts', 'generate-workflows.mjs'), out]);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(here, '..', 'src', 'generated', 'workflows.ts'), 'utf8'));
  });
});
