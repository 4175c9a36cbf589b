import { describe, expectTypeOf, it } from 'vitest';
import type {
  ErrorBody,
  MessageDetails,
  MessageStatus,
  ReceiveReplyCallbackOperation,
  ReceiveStatusCallbackOperation,
  ReplyCallback,
  SendMessageReply,
  SingleMessage,
  SingleMessageInput,
  StatusCallback,
  webhooks,
} from './index.js';

describe('message states', () => {
  it('are a closed set of strings, the one the bodies carry', () => {
    // Which states is the bundle's (the generated file) and the document's (the audit): a literal
    // union here would pin the document's values a second time.
    expectTypeOf<MessageStatus>().toExtend<string>();
    expectTypeOf<string>().not.toExtend<MessageStatus>();
    expectTypeOf<NonNullable<MessageDetails['status']>>().toEqualTypeOf<MessageStatus>();
  });
  it('reject an undocumented value', () => {
    // A value no state can be (states are single words), so a state the document adds never makes this unused.
    // @ts-expect-error 'not a state' is not one of B's states
    const status: MessageStatus = 'not a state';
    void status;
  });
});

describe('callbacks', () => {
  it('StatusCallback: id, status, detail, all optional', () => {
    expectTypeOf<StatusCallback>().toEqualTypeOf<{ id?: string; status?: MessageStatus; detail?: string }>();
  });
  it('the 202 reply of POST /messages: shaped as a StatusCallback, a new message reported as `accepted` (section 3)', () => {
    expectTypeOf<SendMessageReply>().toExtend<StatusCallback>();
    expectTypeOf<SendMessageReply['status']>().toEqualTypeOf<'accepted' | undefined>();
    expectTypeOf<{ status: 'sent' }>().not.toExtend<SendMessageReply>();
  });
  it('ReplyCallback: five optional strings', () => {
    expectTypeOf<ReplyCallback>().toEqualTypeOf<{
      id?: string;
      source?: string;
      destination?: string;
      content?: string;
      operator?: string;
    }>();
  });
  it('the callback operations carry those bodies', () => {
    expectTypeOf<
      ReceiveStatusCallbackOperation['requestBody']['content']['application/json']
    >().toEqualTypeOf<StatusCallback>();
    expectTypeOf<
      ReceiveReplyCallbackOperation['requestBody']['content']['application/json']
    >().toEqualTypeOf<ReplyCallback>();
  });
});

describe('webhooks', () => {
  it('are statusCallback and replyCallback, typed by their path items', () => {
    expectTypeOf<keyof webhooks>().toEqualTypeOf<'statusCallback' | 'replyCallback'>();
    expectTypeOf<webhooks['statusCallback']['post']>().toEqualTypeOf<ReceiveStatusCallbackOperation>();
    expectTypeOf<webhooks['replyCallback']['post']>().toEqualTypeOf<ReceiveReplyCallbackOperation>();
  });
});

describe('SingleMessage', () => {
  it('received shape types the readOnly id as a string', () => {
    expectTypeOf<SingleMessage['id']>().toEqualTypeOf<string | undefined>();
  });
  it('request shape rejects the readOnly id and requires destination and content', () => {
    // @ts-expect-error id is readOnly
    const withId: SingleMessageInput = { id: 'x', destination: '+447700900123', content: 'hi' };
    // @ts-expect-error content is required
    const missing: SingleMessageInput = { destination: '+447700900123' };
    void withId;
    void missing;
  });
});

it('ErrorBody has three required fields', () => {
  expectTypeOf<ErrorBody>().toEqualTypeOf<{ message: string; statusCode: number; error: string }>();
});

it('the callbacks ask the receiver for no header: no Authorization (section 5: not shown)', () => {
  // openapi-typescript types an operation's header parameters, never its security; with
  // `security: []` on each webhook no tool that follows OpenAPI's inheritance rule adds the key.
  expectTypeOf<ReceiveStatusCallbackOperation['parameters']['header']>().toEqualTypeOf<undefined>();
  expectTypeOf<ReceiveReplyCallbackOperation['parameters']['header']>().toEqualTypeOf<undefined>();
});
