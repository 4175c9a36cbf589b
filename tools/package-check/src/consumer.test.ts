// A consumer outside the workspace: the packed tarballs (the same ones the other tests check)
// installed with npm into a fresh project in the system temp folder, a small program compiled
// with `tsc --strict` (NodeNext) under the pinned TypeScript 5.9 and under what `npm install
// typescript` gives today (7.x, the native compiler), then run against a local server that
// answers as the contract documents. Nothing from the workspace is reachable from there.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageExample } from './manifest.js';
import { compileOnce } from './test-support/compile-cache.js';
import { type DocumentedServer, documentedExample, startDocumentedServer } from './test-support/documented-server.js';
import { EXPECTED_PUBLISHABLE } from './test-support/expected.js';
import { packedPackage } from './test-support/packed.js';
import { runStep } from './test-support/step.js';

/** The native TypeScript compiler consumers may use (TypeScript 7), pinned so the test is reproducible. */
const TYPESCRIPT_NATIVE = '7.0.2';

// Every process below is a bounded step (test-support/step.ts): a limit under its hook's or test's,
// after which it is killed and the failure names the step and ends with what it printed.
/** An npm install from the registry (cold cache: about 10 s; under load, up to a minute). */
const INSTALL_MS = 180_000;
/** One compiler run over the whole program (TypeScript 5.9: 15 to 40 s under load). */
const COMPILE_MS = 100_000;
/** `npm ls`, `tsc --version`, the consumer program against the local server. */
const QUICK_MS = 60_000;
const fixtures = fileURLToPath(new URL('../fixtures/consumer/', import.meta.url));
const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline'];
// What the README and DESIGN.md promise: strict, NodeNext. Library declarations are checked too
// (skipLibCheck off), so a .d.ts of ours that one compiler rejects fails here. TypeScript's own
// lib.*.d.ts are the compiler's, not ours: checking them was a fifth of TypeScript 5.9's time.
// exactOptionalPropertyTypes and noUncheckedIndexedAccess too: strict integrators turn them on, and
// a declaration of ours that only works without them (an optional `body?: Validator` met with
// `body?: undefined`) broke such a consumer.
const TSC_FLAGS = ['--strict', '--exactOptionalPropertyTypes', '--noUncheckedIndexedAccess', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--resolveJsonModule', '--skipLibCheck', 'false', '--skipDefaultLibCheck', '--types', 'node'];

let root: string;
let app: string;
let nativeDir: string;
let server: DocumentedServer;
let closedUrl: string;
/** Each published README's usage example, written as readme-examples/<package>.ts in the app. */
let readmeExamples: { files: string[]; missing: string[] };
const contract = (id: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(app, 'node_modules', '@messaging-contracts', 'openapi', 'dist', `${id}.json`), 'utf8'));

/** An npm install; `--loglevel=http` so that a failed or stuck one ends with the requests it made. */
async function npmInstall(step: string, cwd: string, specs: string[]): Promise<void> {
  await runStep(step, 'npm', ['install', ...specs, ...NPM_FLAGS, '--loglevel=http'], { cwd, timeoutMs: INSTALL_MS });
}

/** Runs a compiler; resolves with its exit code and output when it reports errors, fails when it hangs. */
async function tsc(step: string, bin: string, args: string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runStep(step, bin, args, { cwd: app, timeoutMs, allowFailure: true });
  return { code, output: stdout + stderr };
}

/** Writes each installed package's README usage example into the app; names the READMEs without one. */
function writeReadmeExamples(): { files: string[]; missing: string[] } {
  mkdirSync(join(app, 'readme-examples'));
  const missing: string[] = [];
  const files: string[] = [];
  for (const name of EXPECTED_PUBLISHABLE) {
    let readme: string | undefined;
    try {
      readme = readFileSync(join(app, 'node_modules', name, 'README.md'), 'utf8');
    } catch {
      readme = undefined;
    }
    const example = readme === undefined ? undefined : usageExample(readme);
    if (example === undefined) {
      missing.push(name);
      continue;
    }
    const file = `readme-examples/${name.split('/')[1]}.ts`;
    // `export {}` keeps each example a module of its own (no clashes between examples' names).
    writeFileSync(join(app, file), `${example}\nexport {};\n`);
    files.push(file);
  }
  return { files, missing };
}

beforeAll(async () => {
  const tarballs = EXPECTED_PUBLISHABLE.map((name) => packedPackage(name).tarball);
  root = mkdtempSync(join(tmpdir(), 'package-check-consumer-'));
  app = join(root, 'app');
  nativeDir = join(root, 'typescript-native');
  mkdirSync(app);
  mkdirSync(nativeDir);
  // What `npm init -y` writes, with "type": "module".
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }, null, 2));
  writeFileSync(join(nativeDir, 'package.json'), JSON.stringify({ name: 'typescript-native', version: '1.0.0', private: true }, null, 2));
  await Promise.all([
    npmInstall('install the tarballs into the consumer', app, [...tarballs, 'typescript@~5.9.3', '@types/node@^20.19.0']),
    // A separate project for the native compiler. Pinned (it was `latest` on 2026-11-23) so the
    // test does not change under us when a new TypeScript is published; raise it on purpose.
    npmInstall('install the native compiler', nativeDir, [`typescript@${TYPESCRIPT_NATIVE}`]),
  ]);
  cpSync(fixtures, join(app, 'src'), { recursive: true });
  readmeExamples = writeReadmeExamples();

  const gateway = contract('gateway-v1');
  const sms = contract('sms-v2');
  const im = contract('im-v1');
  const campaigns = contract('campaign-manager-v1');
  server = await startDocumentedServer([
    { method: 'POST', url: '/rest/gateway/messages', status: 201, body: documentedExample(gateway, '/messages', 'post', '201') },
    { method: 'POST', url: '/rest/sms/v2/messages', status: 202, body: documentedExample(sms, '/messages', 'post', '202') },
    {
      method: 'GET',
      url: '/rest/sms/v2/messages?id=3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d',
      status: 401,
      body: documentedExample(sms, '/messages', 'get', '401'),
    },
    { method: 'POST', url: '/rest/im/v1/message', status: 202, body: documentedExample(im, '/message', 'post', '202') },
    {
      method: 'GET',
      url: '/rest/campaign_manager/v1/acme-shop/lists',
      status: 200,
      body: documentedExample(campaigns, '/{application_name}/lists', 'get', '200'),
    },
  ]);
  // A loopback port nobody listens on, for the network error.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise((resolve) => probe.close(resolve));
}, 300_000);

afterAll(async () => {
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the consumer project', () => {
  it('installs every publishable package from its tarball, with all dependencies resolved', async () => {
    // npm ls exits non-zero on a missing or invalid dependency (e.g. an unrewritten workspace: range).
    const { stdout } = await runStep('npm ls in the consumer', 'npm', ['ls', '--all', '--json'], { cwd: app, timeoutMs: QUICK_MS });
    const tree = JSON.parse(stdout) as { dependencies: Record<string, { version: string; resolved?: string }> };
    for (const name of EXPECTED_PUBLISHABLE) {
      expect(tree.dependencies[name]?.resolved, name).toMatch(/^file:.*\.tgz$/);
    }
  });

  it(`has TypeScript 5.9 and TypeScript ${TYPESCRIPT_NATIVE}`, async () => {
    const pinned = await tsc('TypeScript 5.9 --version', join(app, 'node_modules', '.bin', 'tsc'), ['--version'], QUICK_MS);
    expect(pinned.output).toMatch(/^Version 5\.9\./);
    const native = await tsc(`TypeScript ${TYPESCRIPT_NATIVE} --version`, join(nativeDir, 'node_modules', '.bin', 'tsc'), ['--version'], QUICK_MS);
    expect(native.output).toMatch(new RegExp(`^Version ${TYPESCRIPT_NATIVE.replace(/\./g, '\\.')}\\b`));
  });
});

/** Each compiler: its label, its binary, and the folders outside the app it reads (its own installation). */
const compilers: [string, () => string, () => string[]][] = [
  ['TypeScript 5.9 (pinned)', () => join(app, 'node_modules', '.bin', 'tsc'), () => []],
  [`TypeScript ${TYPESCRIPT_NATIVE}`, () => join(nativeDir, 'node_modules', '.bin', 'tsc'), () => [nativeDir]],
];

/**
 * Each line a compiler printed, by the file it names (`src/bad.ts`); a line that names no file (a
 * crash, an option error) under "(no file)". The indented lines that continue a message are left out.
 */
function errorsByFile(output: string): Map<string, { line: number; text: string }[]> {
  const byFile = new Map<string, { line: number; text: string }[]>();
  for (const text of output.split('\n').filter((line) => line.trim() !== '' && !/^\s/.test(line))) {
    const match = /^(.+?)\((\d+),\d+\): error TS\d+/.exec(text);
    const file = match?.[1] ?? '(no file)';
    byFile.set(file, [...(byFile.get(file) ?? []), { line: Number(match?.[2] ?? 0), text }]);
  }
  return byFile;
}

/** The printed lines about the files that `which` picks. */
function linesOf(errors: Map<string, { text: string }[]>, which: (file: string) => boolean): string[] {
  return [...errors].filter(([file]) => which(file)).flatMap(([, lines]) => lines.map((line) => line.text));
}

describe.each(compilers)('under %s', (label, compiler, alsoReads) => {
  const outDir = `out-${label.replace(/\W+/g, '-')}`;
  // One program per compiler: the consumer program, bad.ts and every README's example, compiled
  // and emitted together (tsc emits despite errors), so each compiler starts and reads our
  // declarations once; each test below reads the errors of its own files. A compiler start under
  // TypeScript 5.9 is most of this file's time (issue 14). The result is kept by the content of
  // everything the compiler reads (test-support/compile-cache.ts): the runs on Node 22 and 24 after
  // Node 20's, with the same tarballs, reuse it; the emitted program still runs on each.
  let compiled: { code: number; errors: Map<string, { line: number; text: string }[]> };
  beforeAll(async () => {
    const args = [...TSC_FLAGS, '--noEmit', 'false', '--rootDir', '.', '--outDir', outDir, 'src/main.ts', 'src/types-only.ts', 'src/bad.ts', ...readmeExamples.files];
    const { code, output, reused } = await compileOnce({ cwd: app, outDir, alsoReads: alsoReads(), args }, () => tsc(`compile under ${label}`, compiler(), args, COMPILE_MS));
    if (reused) console.info(`${label}: the result of an earlier compile of exactly these inputs (test-support/compile-cache.ts)`);
    compiled = { code, errors: errorsByFile(output) };
  }, 120_000);
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('compiles the program with --strict, runs it against the documented server, and prints the documented results', async () => {
    expect(linesOf(compiled.errors, (file) => !file.startsWith('readme-examples/') && file !== 'src/bad.ts')).toEqual([]);

    const { stdout } = await runStep(`the program compiled by ${label}`, process.execPath, [join(app, outDir, 'src', 'main.js'), server.baseUrl, closedUrl], { cwd: app, timeoutMs: QUICK_MS });
    const printed = stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown);

    const sms = contract('sms-v2');
    const accepted = documentedExample(sms, '/messages', 'post', '202') as { id: string; status: string };
    const denied = documentedExample(sms, '/messages', 'get', '401') as { statusCode: number; message: string };
    const lists = documentedExample(contract('campaign-manager-v1'), '/{application_name}/lists', 'get', '200') as { name: string }[];
    const gatewayInfo = contract('gateway-v1').info as { title: string; version: string };
    expect(printed).toEqual([
      { call: 'gateway-v1 sendMessage', value: { status: 201, ids: documentedExample(contract('gateway-v1'), '/messages', 'post', '201') } },
      { call: 'sms-v2 sendMessage', value: { status: 202, id: accepted.id, state: accepted.status } },
      { call: 'sms-v2 getMessage', value: { status: 401, statusCode: denied.statusCode, message: denied.message } },
      { call: 'im-v1 sendMessage', value: { status: 202, id: (documentedExample(contract('im-v1'), '/message', 'post', '202') as { id: string }).id } },
      { call: 'campaign-manager-v1 listLists', value: { status: 200, names: lists.map((list) => list.name) } },
      { call: 'network error', value: { isClientNetworkError: true } },
      { call: 'openapi gateway-v1', value: { title: gatewayInfo.title, version: gatewayInfo.version } },
    ]);

    // What reached the server: each interface's auth, media type and body (section 5).
    const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    expect(server.requests.map(({ method, url, headers, body }) => ({
      request: `${method} ${url}`,
      authorization: headers.authorization,
      contentType: headers['content-type'],
      body: body ? (JSON.parse(body) as unknown) : undefined,
    }))).toEqual([
      {
        request: 'POST /rest/gateway/messages',
        authorization: basic('acme', 'pw-gateway'),
        contentType: 'application/json',
        body: { destination: '447700900123', content: 'Your code is 481516', source: 'Acme' },
      },
      {
        request: 'POST /rest/sms/v2/messages',
        authorization: 'sms-key',
        contentType: 'application/json',
        body: { destination: '+447700900123', content: 'Your order has shipped.' },
      },
      { request: 'GET /rest/sms/v2/messages?id=3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d', authorization: 'wrong-key', contentType: undefined, body: undefined },
      {
        request: 'POST /rest/im/v1/message',
        authorization: 'im-key',
        contentType: 'application/json',
        body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Your order 12345 has been shipped' } } },
      },
      { request: 'GET /rest/campaign_manager/v1/acme-shop/lists', authorization: basic('acme', 'pw-campaigns'), contentType: undefined, body: undefined },
    ]);
  });

  it('rejects exactly the lines of bad.ts marked ✗', async () => {
    const source = readFileSync(join(app, 'src', 'bad.ts'), 'utf8').split('\n');
    const marked = source.flatMap((line, index) => (line.includes('// ✗') ? [index + 1] : []));
    expect(marked.length).toBeGreaterThan(0);
    expect(compiled.code).not.toBe(0);
    // Every error must be on a marked line (a resolution failure elsewhere would also fail the
    // compile, and prove nothing), and every marked line must have one. Errors in the other files
    // of the program are the other tests' failures.
    const errorLines = (compiled.errors.get('src/bad.ts') ?? []).map((error) => error.line);
    expect(compiled.errors.get('(no file)') ?? []).toEqual([]);
    expect([...new Set(errorLines)].sort((a, b) => a - b)).toEqual(marked);
  });

  it("compiles every published README's usage example", () => {
    // Soft, so the examples that do exist are still compiled and reported.
    expect.soft(readmeExamples.missing, 'packages without a README usage example (first ```ts block)').toEqual([]);
    expect(readmeExamples.files.length).toBeGreaterThan(0);
    expect(linesOf(compiled.errors, (file) => file.startsWith('readme-examples/'))).toEqual([]);
  });
});
