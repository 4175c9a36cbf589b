import { describe, expectTypeOf, it } from 'vitest';
import type {
  BroadcastRestResponseItem,
  DefaultError,
  Message,
  MessageBroadcast,
  MessageBroadcastInput,
  MessageInput,
  RestResponse,
} from './index.js';

describe('Message', () => {
  it('is the received shape: readOnly id is a plain optional number', () => {
    expectTypeOf<Message['id']>().toEqualTypeOf<number | undefined>();
  });
  it('keeps class optional although it has a default (defaultNonNullable: false)', () => {
    expectTypeOf<Message>().toHaveProperty('class').toEqualTypeOf<string | undefined>();
    const withoutClass: Message = { content: 'hi', destination: '447700900123' };
    expectTypeOf(withoutClass).toEqualTypeOf<Message>();
  });
  it('requires content and destination', () => {
    // @ts-expect-error destination is required (section 2.1)
    const missing: Message = { content: 'hi' };
    void missing;
  });
});

describe('MessageInput', () => {
  it('rejects the readOnly id', () => {
    // @ts-expect-error id is readOnly: the service assigns it
    const withId: MessageInput = { id: 1, content: 'hi', destination: '447700900123' };
    void withId;
  });
  it('accepts the documented request fields', () => {
    const ok: MessageInput = { content: 'hi', destination: '447700900123', class: 'mt_message', mask: 'Acme' };
    void ok;
  });
});

describe('MessageBroadcast', () => {
  it('has an array destination', () => {
    expectTypeOf<MessageBroadcast['destination']>().toEqualTypeOf<string[]>();
    expectTypeOf<MessageBroadcastInput['destination']>().toEqualTypeOf<string[]>();
  });
  it('rejects the readOnly id in a request', () => {
    // @ts-expect-error id is readOnly
    const withId: MessageBroadcastInput = { id: 1, content: 'hi', destination: ['1'] };
    void withId;
  });
});

describe('responses and errors', () => {
  it('RestResponse is an array of ids', () => {
    expectTypeOf<RestResponse>().toEqualTypeOf<number[]>();
  });
  it('a broadcast item requires only status', () => {
    expectTypeOf<BroadcastRestResponseItem>().toEqualTypeOf<{
      id?: number;
      destination?: string;
      status: string;
      message?: string;
    }>();
  });
  it('DefaultError has required message and code', () => {
    expectTypeOf<DefaultError>().toEqualTypeOf<{ message: string; code: number }>();
  });
});
