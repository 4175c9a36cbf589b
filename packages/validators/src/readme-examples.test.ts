// The README examples that a *.test-d.ts file type-checks are the README's own: a README edit that
// is not copied into its type test (or the reverse) fails here.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as campaignManagerV1 from './campaign-manager-v1.js';

const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

it('the README\'s "In a client" example is the one readme-in-a-client.test-d.ts compiles', () => {
  const readme = read('../README.md');
  const section = readme.slice(readme.indexOf('## In a client'));
  const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  const checked = /\/\/ README "In a client" \(start\)\n([\s\S]*?)\/\/ README "In a client" \(end\)/.exec(read('readme-in-a-client.test-d.ts'))?.[1];
  expect(example).toBeDefined();
  expect(checked).toBe(example);
});

it("the README's `params` example passes, as it says (trial 70 found one that was refused)", () => {
  const readme = read('../README.md');
  const literal = /deleteList\.params\((\{[^`]*?\})\)/.exec(readme)?.[1];
  expect(literal).toBeDefined();
  // The README's object literal, evaluated as written (its text only: no code of the README runs).
  const params = new Function(`return (${literal});`)();
  expect(campaignManagerV1.operations.deleteList.params(params)).toEqual([]);
});
