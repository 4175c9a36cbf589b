// Test support (not built, not published): a client's throw-on-error mode over real HTTP. Each
// documented kind of answer is sent by the recording server: a success resolves to its body, every
// documented error throws the interface's error class with status, body and operation, a failure
// below HTTP is thrown unchanged, and no credential appears in what is thrown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shown, thrown } from './failure-suite.js';
import { type RecordingServer, refusedUrl, startRecordingServer } from './recording-server.js';

export interface ThrowSuite<T> {
  /** The client in throw-on-error mode (`throwOnError(createXClient(...))`). */
  createClient(options: { baseUrl: string; timeoutMs?: number }): T;
  /** One call per case: its operation (`METHOD /template`), the call, and the documented success. */
  operations: { operation: string; call(client: T): Promise<unknown>; success: { status: number; body?: unknown }; errors: { status: number; body: unknown; contentType?: string }[] }[];
  /** The interface's error class, and client-core's ResponseError it extends. */
  ErrorClass: abstract new (...args: never[]) => Error;
  ResponseError: abstract new (...args: never[]) => Error;
  ClientNetworkError: abstract new (...args: never[]) => Error;
  secrets: string[];
}

export function describeThrowOnError<T>(suite: ThrowSuite<T>): void {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const client = () => suite.createClient({ baseUrl: server.url });

  describe('throw-on-error mode', () => {
    for (const { operation, call, success, errors } of suite.operations) {
      it(`${operation}: a ${success.status} resolves to its body`, async () => {
        server.reply({ status: success.status, ...(success.body === undefined ? {} : { body: success.body }) });
        expect(await call(client())).toEqual(success.body);
      });
      for (const error of errors) {
        it(`${operation}: a ${error.status} throws ${suite.ErrorClass.name} with status, body and operation`, async () => {
          const body = typeof error.body === 'string' ? JSON.stringify(error.body) : error.body;
          server.reply({ status: error.status, headers: { 'content-type': error.contentType ?? 'application/json' }, body });
          const failure = await thrown(() => call(client()));
          expect(failure).toBeInstanceOf(suite.ErrorClass);
          expect(failure).toBeInstanceOf(suite.ResponseError);
          expect(failure).toMatchObject({ name: suite.ErrorClass.name, status: error.status, body: error.body, operation });
          // The message names the call and the status, then the body's own text when it has one
          // (client-core's throw-on-error.test.ts checks each shape word for word).
          const { message } = failure as Error;
          expect(message.startsWith(`${operation} answered ${error.status}`)).toBe(true);
          const text = typeof error.body === 'string' ? error.body : (error.body as { message?: unknown } | null)?.message;
          if (typeof text === 'string' && text.length <= 300) expect(message).toBe(`${operation} answered ${error.status}: ${text}`);
          expect((failure as { response: Response }).response.status).toBe(error.status);
        });
      }
    }
    const [first] = suite.operations;
    let refusedUrlValue = '';
    beforeAll(async () => {
      refusedUrlValue = await refusedUrl();
    });
    it('an error body that echoes the credential is thrown with it redacted', async () => {
      server.reply({ status: first!.errors[0]!.status, body: { message: `bad key ${suite.secrets.join(' ')}`, code: 1 } });
      const failure = await thrown(() => first!.call(client()));
      expect(failure).toBeInstanceOf(suite.ErrorClass);
      for (const secret of suite.secrets) expect(shown(failure)).not.toContain(secret);
      expect(JSON.stringify((failure as { body: unknown }).body)).toContain('[REDACTED]');
    });
    it('a failure below HTTP is thrown unchanged: ClientNetworkError', async () => {
      const failure = await thrown(() => first!.call(suite.createClient({ baseUrl: refusedUrlValue })));
      expect(failure).toBeInstanceOf(suite.ClientNetworkError);
      expect(failure).not.toBeInstanceOf(suite.ResponseError);
    });
  });
}
