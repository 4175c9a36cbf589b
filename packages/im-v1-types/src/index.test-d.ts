import { describe, expectTypeOf, it } from 'vitest';
import type {
  APIError,
  APIErrorOrSample,
  Channel,
  DeliveryAttempt,
  DeliveryAttemptElement,
  Error as ErrorItem,
  ErrorSample,
  MessagePostRequest,
  MessagePostResponse,
  MessageStatus,
  ReceiveStatusCallbackOperation,
  RetryAfter,
  StatusCallback,
  XRateLimitLimit,
  webhooks,
} from './index.js';

type MessagePostError = import('./index.js').operations['sendMessage']['responses'][401]['content']['application/json'];

describe('MessagePostRequest', () => {
  it('requires destination and message', () => {
    // @ts-expect-error message is required (section 2.3)
    const missing: MessagePostRequest = { destination: { mobile: '+447700900123' } };
    void missing;
  });
  it('accepts a text message with an ordered fallback', () => {
    const ok: MessagePostRequest = {
      destination: { mobile: '+447700900123' },
      message: { type: 'text', text: { body: 'Hello' } },
      delivery_attempts: [{ channel: 'wab', timeout: 60 }, { channel: 'sms' }],
      scheduler_pipe: 'sqs',
    };
    void ok;
  });
  it('accepts delivery attempts in both forms of the request samples, also mixed (section 2.3)', () => {
    const direct: DeliveryAttemptElement[] = [{ channel: 'wab', timeout: 60 }, { channel: 'sms' }];
    const wrapped: DeliveryAttemptElement[] = [{ first: { channel: 'wab', timeout: 60 } }, { last: { channel: 'sms' } }];
    const mixed: MessagePostRequest['delivery_attempts'] = [{ first: { channel: 'wab', timeout: 60 } }, { channel: 'sms' }];
    expectTypeOf<NonNullable<MessagePostRequest['delivery_attempts']>[number]>().toEqualTypeOf<DeliveryAttemptElement>();
    expectTypeOf<DeliveryAttemptElement>().toEqualTypeOf<DeliveryAttempt | { [key: string]: DeliveryAttempt }>();
    void [direct, wrapped, mixed];
  });
  it('rejects a wrapped attempt that breaks the attempt\'s rules', () => {
    // @ts-expect-error a wrapped attempt needs its channel, as a direct one does
    const noChannel: DeliveryAttemptElement = { first: { timeout: 60 } };
    // @ts-expect-error 'fax' is not a channel, wrapped or not
    const badChannel: DeliveryAttemptElement = { last: { channel: 'fax' } };
    // Two wrapper keys ({ first, last } in one element) are refused by the validators, not by the
    // type: TypeScript cannot say "exactly one key" of an object whose key is free.
    const twoKeys: DeliveryAttemptElement = { first: { channel: 'wab' }, last: { channel: 'sms' } };
    void [noChannel, badChannel, twoKeys];
  });
  it('rejects an undocumented message type and channel', () => {
    // @ts-expect-error 'voice' is not a message type
    const type: MessagePostRequest['message']['type'] = 'voice';
    // @ts-expect-error 'fax' is not a channel
    const attempt: DeliveryAttempt = { channel: 'fax' };
    void type;
    void attempt;
  });
});

it('the 202 body is { id }', () => {
  expectTypeOf<MessagePostResponse>().toEqualTypeOf<{ id?: string }>();
});

it('channels and states are closed sets of strings, the ones the bodies carry', () => {
  // Which values they hold is the bundle's (the generated file, held to it by check-generated) and
  // the document's (the audit): a literal union here would pin the document's values a second time.
  expectTypeOf<Channel>().toExtend<string>();
  expectTypeOf<string>().not.toExtend<Channel>();
  expectTypeOf<NonNullable<DeliveryAttempt['channel']>>().toEqualTypeOf<Channel>();
  expectTypeOf<MessageStatus>().toExtend<string>();
  expectTypeOf<string>().not.toExtend<MessageStatus>();
  expectTypeOf<NonNullable<StatusCallback['status']>>().toEqualTypeOf<MessageStatus>();
});

it('APIError nests Error items with a required description', () => {
  expectTypeOf<APIError>().toEqualTypeOf<{ code?: number; message?: string; errors?: ErrorItem[] }>();
  expectTypeOf<ErrorItem>().toEqualTypeOf<{ field?: string; code?: number; description: string }>();
});

it("the error body of POST /message is APIError or the samples' shape, whose types are not shown (section 7)", () => {
  expectTypeOf<ErrorSample>().toEqualTypeOf<{ message?: unknown; statusCode: unknown; error: unknown }>();
  expectTypeOf<APIErrorOrSample>().toEqualTypeOf<APIError | ErrorSample>();
  expectTypeOf<MessagePostError>().toEqualTypeOf<APIErrorOrSample>();
});

it('the status callback operation: 200 with X-RateLimit-Limit, or APIError', () => {
  type Responses = ReceiveStatusCallbackOperation['responses'];
  expectTypeOf<Responses[200]['headers']['X-RateLimit-Limit']>().toEqualTypeOf<XRateLimitLimit>();
  expectTypeOf<Responses[429]['content']['application/json']>().toEqualTypeOf<APIError>();
  expectTypeOf<keyof Responses>().toEqualTypeOf<200 | 401 | 429 | 500>();
});

it('the status callback is the webhook statusCallback, typed by its path item', () => {
  expectTypeOf<keyof webhooks>().toEqualTypeOf<'statusCallback'>();
  expectTypeOf<webhooks['statusCallback']['post']>().toEqualTypeOf<ReceiveStatusCallbackOperation>();
});

it('the status callback asks the receiver for no header: no API key (section 5: not shown)', () => {
  // openapi-typescript types an operation's header parameters, never its security; with
  // `security: []` on the webhook no tool that follows OpenAPI's inheritance rule adds the key.
  expectTypeOf<ReceiveStatusCallbackOperation['parameters']['header']>().toEqualTypeOf<undefined>();
});

it('section 8 headers are numbers where integers', () => {
  expectTypeOf<RetryAfter>().toEqualTypeOf<number>();
});
