import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { generateSchema, schemaPath } from '@messaging-contracts/typegen';

it('schema.d.ts is exactly what openapi-typescript generates from specs/dist/im-v1.json', async () => {
  // A stale or hand-edited file fails here with the diff; `pnpm build` regenerates it.
  expect(readFileSync(schemaPath('im-v1'), 'utf8')).toBe(await generateSchema('im-v1'));
});
