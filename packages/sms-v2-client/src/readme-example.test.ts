// The README's usage example (its first ts block, which the package check compiles with --strict
// in an installed project, tools/package-check/src/consumer.test.ts): every field of B's 202 body is
// optional (section 2.2), the id too, so the example checks the id before looking the message up,
// rather than asserting it with `!` (which compiles, and sends the lookup without an id when it is missing).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const open = readme.indexOf('```ts\n') + '```ts\n'.length;
const example = readme.slice(open, readme.indexOf('```\n', open));

it('uses no non-null assertion on an answer, and checks the id of the 202 before using it', () => {
  expect(example).toContain("await sms.POST('/messages'");
  expect(example).not.toMatch(/\b(?:data|error|id)!/);
  expect(example).toMatch(/if \(id === undefined\) throw new Error\(/);
  expect(example).toContain("sms.GET('/messages', { params: { query: { id } } })");
});
