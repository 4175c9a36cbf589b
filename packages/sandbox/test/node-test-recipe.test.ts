// The README's node:test recipes, run as written: the CLI's one line (`messaging-sandbox --port 0 --
// node --test …`) and the in-process wrapper; the wrapper and the test file are taken from the README
// into a temporary project (the package linked in as node_modules/@messaging-contracts/sandbox, as
// an install would), with a second file beside the first; `node test/run.mjs <files>` starts one
// sandbox, both files pass in parallel on their own sessions, and the run exits with node --test's
// code (a failing file makes it fail).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The README's code block whose first line is `first`. */
function block(first: string): string {
  const start = readme.indexOf(`\`\`\`js\n${first}`);
  if (start < 0) throw new Error(`README has no js block starting with ${first}`);
  return readme.slice(start + '```js\n'.length, readme.indexOf('```', start + 5));
}

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'sandbox-node-test-'));
  mkdirSync(join(project, 'node_modules', '@messaging-contracts'), { recursive: true });
  symlinkSync(fileURLToPath(new URL('..', import.meta.url)), join(project, 'node_modules', '@messaging-contracts', 'sandbox'), 'dir');
  mkdirSync(join(project, 'test'));
  writeFileSync(join(project, 'test', 'run.mjs'), block('// test/run.mjs'));
  const orders = block('// test/orders.test.mjs');
  writeFileSync(join(project, 'test', 'orders.test.mjs'), orders);
  writeFileSync(join(project, 'test', 'refunds.test.mjs'), orders.replaceAll('test/orders.test.mjs', 'test/refunds.test.mjs'));
  writeFileSync(join(project, 'test', 'broken.test.mjs'), `${orders.replaceAll('test/orders.test.mjs', 'test/broken.test.mjs')}\ntest('fails', () => assert.equal(1, 2));\n`);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** `node <args>` in the project: its exit code and output; killed (and failed) after 60 s. */
function node(args: string[]): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    let timedOut = false;
    const timer = setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), 60_000);
    child.on('close', (code) => (clearTimeout(timer), resolve({ code, output, timedOut })));
  });
}

const run = (files: string[]) => node(['test/run.mjs', ...files]);

it("the CLI's one line: runs two node:test files against one sandbox, each on its own session, and exits 0", async () => {
  const line = /^messaging-sandbox (--port 0 -- node --test .*)$/m.exec(readme)?.[1];
  expect(line).toBe('--port 0 -- node --test test/orders.test.mjs test/refunds.test.mjs');
  const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));
  // `node` as the README's command: the one running this test, wherever it is installed.
  const result = await node([bin, ...line!.split(' ').map((word) => (word === 'node' ? process.execPath : word))]);
  expect(result.timedOut, result.output).toBe(false);
  // node --test's summary: `# pass 2` (TAP, Node 20 and 22 without a terminal) or `ℹ pass 2` (Node 24's spec reporter).
  expect(result.output).toMatch(/^(# |ℹ )pass 2$/m);
  expect(result.output).toMatch(/^(# |ℹ )fail 0$/m);
  expect(result.code, result.output).toBe(0);
  const failing = await node([bin, '--port', '0', '--', process.execPath, '--test', 'test/orders.test.mjs', 'test/broken.test.mjs']);
  expect(failing.output).toMatch(/^(# |ℹ )fail 1$/m);
  expect(failing.code).toBe(1);
}, 130_000);

it('the wrapper: runs two node:test files against one sandbox, each on its own session, and exits 0', async () => {
  const result = await run(['test/orders.test.mjs', 'test/refunds.test.mjs']);
  expect(result.timedOut, result.output).toBe(false);
  expect(result.output).toMatch(/^(# |ℹ )pass 2$/m);
  expect(result.output).toMatch(/^(# |ℹ )fail 0$/m);
  expect(result.code, result.output).toBe(0);
}, 70_000);

it("exits with node --test's code when a file fails", async () => {
  const result = await run(['test/orders.test.mjs', 'test/broken.test.mjs']);
  expect(result.timedOut, result.output).toBe(false);
  expect(result.output).toMatch(/^(# |ℹ )fail 1$/m);
  expect(result.code).toBe(1);
}, 70_000);
