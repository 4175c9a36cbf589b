// The Operations page: every operation of every bundle exactly once, and every key it shows is one
// the tool it names accepts: the validators export it, the sandbox's control API takes it as a fault
// operation, the verifier's parser takes it as --operation, and the types compile.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '@messaging-contracts/sandbox';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findBundles, listOperations, readBundle } from './bundles.mjs';
import { OPERATIONS_PAGE, typeAliases } from './operations.mjs';
import { typeCheck } from './type-check.js';
import { parseCliArgs, textOf } from './verify-cli.js';

const { dist } = inject('site');
const page = readFileSync(join(dist, OPERATIONS_PAGE), 'utf8');
const bundles = findBundles().map((bundle) => ({ ...bundle, doc: readBundle(bundle.jsonPath) }));

/** Each operation's section on the page, by its id (`<interface>.<operationId>`), as shown. */
const shown = [...page.matchAll(/<section class="operation" id="([^"]+)"[\s\S]*?<\/section>/g)].map(([html, key = '']) => {
  const field = (label: string) => textOf(new RegExp(`<dt>${label}</dt><dd[^>]*>([\\s\\S]*?)</dd>`).exec(html)?.[1] ?? '');
  return { key, html, validator: field('Validator'), fault: field('Sandbox fault'), verifier: field('Verifier'), types: [...(/<dt>Types<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/.exec(html)?.[1] ?? '').matchAll(/<code>([^<]+)<\/code>/g)].map((m) => textOf(m[1] ?? '')) };
});

describe('the Operations page', () => {
  it('shows every operation of every bundle exactly once, linking its reference anchor', () => {
    const expected = bundles.flatMap(({ id, doc }) => listOperations(doc).map((op) => `${id}.${op.operationId}`));
    expect(expected.length).toBeGreaterThan(10);
    expect(shown.map((s) => s.key).sort()).toEqual(expected.sort());
    for (const { id, doc } of bundles) {
      for (const op of listOperations(doc)) {
        const operation = doc.paths[op.path][op.method];
        const section = shown.find((s) => s.key === `${id}.${op.operationId}`)!;
        expect(section.html).toContain(`href="./${id}.html#tag/${encodeURIComponent(operation.tags[0])}/operation/${op.operationId}"`);
        expect(section.html).toContain(`<code class="operation-id">${op.operationId}</code>`);
      }
    }
  });

  it("shows validators the validators' module exports", async () => {
    for (const { key, validator } of shown) {
      const [, name, module] = /^operations\.(\w+) of (\S+)$/.exec(validator) ?? [];
      expect(name, `${key}: ${validator}`).toBeDefined();
      const { operations } = (await import(module!)) as { operations: Record<string, unknown> };
      expect(operations[name!], `${module} operations.${name}`).toMatchObject({ operationId: name });
    }
  });

  it('shows --operation keys the verifier accepts, and would see one it refuses', () => {
    for (const { key, verifier } of shown) {
      const argv = verifier.split(' ');
      expect(argv.slice(0, 2), key).toEqual(['messaging-verify', '--operation']);
      expect(() => parseCliArgs(['--sandbox', ...argv.slice(1)], {}), verifier).not.toThrow();
    }
    expect(() => parseCliArgs(['--sandbox', '--operation', 'im-v1.sendBroadcast'], {})).toThrow(/no such operation/);
  });

  describe("shows fault keys the sandbox's control API takes", () => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0 });
    });
    afterAll(() => sandbox?.close());

    it('each one, and refuses one the bundles do not have', async () => {
      const filter = async (operation: string) => (await fetch(`${sandbox.url}/__sandbox/requests?operation=${encodeURIComponent(operation)}`)).status;
      for (const { key, fault } of shown) expect(await filter(fault), key).toBe(200);
      expect(await filter('im-v1.sendBroadcast')).toBe(400);
    });
  });

  it("shows types its interface's types package exports (they compile), and would see one it does not", () => {
    const files: Record<string, string> = {};
    for (const { id } of bundles) {
      const types = [...new Set(shown.filter((s) => s.key.startsWith(`${id}.`)).flatMap((s) => s.types))];
      const names = [...new Set(types.map((type) => /^\w+/.exec(type)?.[0] ?? ''))];
      files[`${id}.ts`] = `import type { ${names.join(', ')} } from '@messaging-contracts/${id}-types';\n${types.map((type, i) => `export type T${i} = ${type};`).join('\n')}\n`;
    }
    files['broken.ts'] = "import type { NoSuchType } from '@messaging-contracts/im-v1-types';\nexport type T = NoSuchType;\n";
    const errors = typeCheck(files).split('\n').filter((line) => / error TS\d+/.test(line));
    const broken = (line: string) => /(^|[\\/])broken\.ts\(/.test(line);
    expect(errors.filter((line) => !broken(line))).toEqual([]);
    expect(errors.some((line) => broken(line) && line.includes('NoSuchType'))).toBe(true);
  }, 120_000);

  it('is linked from the landing page and from every reference page, whose operations print their keys', () => {
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain(`href="./${OPERATIONS_PAGE}"`);
    for (const { id, doc } of bundles) {
      const html = readFileSync(join(dist, `${id}.html`), 'utf8');
      expect(html, id).toContain(`<a href="./${OPERATIONS_PAGE}">Operations</a>`);
      const embedded = /<script type="application\/json" id="openapi-bundle">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      const view = JSON.parse(embedded);
      for (const op of listOperations(doc)) {
        const description = String(view.paths[op.path][op.method].description);
        const key = `${id}.${op.operationId}`;
        for (const text of [`Operation id \`${op.operationId}\``, `\`operations.${op.operationId}\` of \`@messaging-contracts/validators/${id}\``, `fault key \`${key}\``, `--operation ${key}`, `(${OPERATIONS_PAGE}#${key})`]) {
          expect(description, `${key}: ${text}`).toContain(text);
        }
      }
    }
  });
});

describe('the types shown without a name', () => {
  it("tell a reply without a body (D's 204) from one whose body has no schema (B's openapi.yaml 200)", () => {
    expect(shown.find((s) => s.key === 'campaign-manager-v1.deleteList')?.html).toContain('204 reply without a body');
    expect(shown.find((s) => s.key === 'sms-v2.getOpenApiDescription')?.html).toContain('200 reply with no body schema');
  });
});

describe('typeAliases', () => {
  it('names the Input form for a request, the plain or Readable form for a reply, and per-operation replies', () => {
    const aliases = typeAliases(
      "export type Message = Readable<Schemas['Message']>;\nexport type MessageInput = Writable<Schemas['Message']>;\nexport type Plain = Schemas['Plain'];\n" +
        "export type Reply =\n  operations['send']['responses'][202]['content']['application/json'];\nexport type Item = Schemas['List'][number];\n",
    );
    expect(Object.fromEntries(aliases.request)).toEqual({ Message: 'MessageInput', Plain: 'Plain' });
    expect(Object.fromEntries(aliases.response)).toEqual({ Message: 'Message', Plain: 'Plain' });
    expect(Object.fromEntries(aliases.byOperation)).toEqual({ 'send 202': 'Reply' });
  });
});
