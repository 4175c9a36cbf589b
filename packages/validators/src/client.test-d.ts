// withValidation reads `{ data, error, response }`, which a client in throw-on-error mode no longer
// gives: wrapping one is a compile-time error; the other order compiles and keeps the client's types.
import { createImClient, type ImClient, type ImThrowingClient, throwOnError } from '@messaging-contracts/im-v1-client';
import { describe, expectTypeOf, it } from 'vitest';
import { withValidation } from './client.js';
import * as imV1 from './im-v1.js';

const client = createImClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'key' });

describe('withValidation and throwOnError', () => {
  it('throwOnError(withValidation(client, ...)) compiles, with both types kept', () => {
    expectTypeOf(withValidation(client, imV1)).toEqualTypeOf<ImClient>();
    expectTypeOf(throwOnError(withValidation(client, imV1))).toEqualTypeOf<ImThrowingClient>();
  });
  it('withValidation(throwOnError(client), ...) does not', () => {
    // @ts-expect-error wrap with withValidation first: throwOnError(withValidation(client, validators))
    withValidation(throwOnError(client), imV1);
  });
});
