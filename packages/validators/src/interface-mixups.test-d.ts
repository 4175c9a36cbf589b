// Every client package exports a `throwOnError`, and every interface has its `operations`: an
// auto-import easily picks another interface's. Each must refuse a client of another interface
// (TypeScript 7 took one for another before the clients' types carried their interface's id, and
// typed B's answers as A's), and withValidation the validators of another interface than its
// client's (B's answers checked with A's rules). Checked by `pnpm typecheck` (TypeScript 7); the
// consumer test (tools/package-check, bad.ts) and examples/integrator hold TypeScript 5.9 to it too.
import { createCampaignManagerClient, throwOnError as campaignManagerThrowOnError } from '@messaging-contracts/campaign-manager-v1-client';
import { createGatewayClient, throwOnError as gatewayThrowOnError } from '@messaging-contracts/gateway-v1-client';
import { createImClient, throwOnError as imThrowOnError } from '@messaging-contracts/im-v1-client';
import { createSmsClient, throwOnError as smsThrowOnError } from '@messaging-contracts/sms-v2-client';
import { describe, expectTypeOf, it } from 'vitest';
import * as campaignManagerV1 from './campaign-manager-v1.js';
import { withValidation } from './client.js';
import * as gatewayV1 from './gateway-v1.js';
import * as imV1 from './im-v1.js';
import * as smsV2 from './sms-v2.js';

const baseUrl = 'http://127.0.0.1:4010';
const gateway = createGatewayClient({ baseUrl, username: 'u', password: 'p' });
const sms = createSmsClient({ baseUrl, apiKey: 'key' });
const im = createImClient({ baseUrl, apiKey: 'key' });
const campaignManager = createCampaignManagerClient({ baseUrl, username: 'u', password: 'p', applicationName: 'acme' });

describe("each throwOnError takes its own interface's client only", () => {
  it("gateway-v1-client's", () => {
    gatewayThrowOnError(gateway);
    // @ts-expect-error B's client: its 202 would be typed as A's 201 (number[])
    gatewayThrowOnError(sms);
    // @ts-expect-error C's client
    gatewayThrowOnError(im);
    // @ts-expect-error D's client
    gatewayThrowOnError(campaignManager);
  });
  it("sms-v2-client's", () => {
    smsThrowOnError(sms);
    // @ts-expect-error A's client
    smsThrowOnError(gateway);
    // @ts-expect-error C's client
    smsThrowOnError(im);
    // @ts-expect-error D's client
    smsThrowOnError(campaignManager);
  });
  it("im-v1-client's", () => {
    imThrowOnError(im);
    // @ts-expect-error A's client
    imThrowOnError(gateway);
    // @ts-expect-error B's client
    imThrowOnError(sms);
    // @ts-expect-error D's client
    imThrowOnError(campaignManager);
  });
  it("campaign-manager-v1-client's", () => {
    campaignManagerThrowOnError(campaignManager);
    // @ts-expect-error A's client
    campaignManagerThrowOnError(gateway);
    // @ts-expect-error B's client
    campaignManagerThrowOnError(sms);
    // @ts-expect-error C's client
    campaignManagerThrowOnError(im);
  });
  it('nor a client in throw-on-error mode of another interface', () => {
    const throwing: ReturnType<typeof smsThrowOnError> = smsThrowOnError(sms);
    // @ts-expect-error B's client in throw-on-error mode is not A's
    const asGateway: ReturnType<typeof gatewayThrowOnError> = throwing;
    void asGateway;
  });
});

describe("withValidation takes the validators of its client's interface only", () => {
  it("A's client", () => {
    expectTypeOf(withValidation(gateway, gatewayV1)).toEqualTypeOf(gateway);
    // @ts-expect-error validators of sms-v2 given to a client of gateway-v1
    withValidation(gateway, smsV2);
    // @ts-expect-error validators of im-v1 given to a client of gateway-v1
    withValidation(gateway, imV1);
    // @ts-expect-error validators of campaign-manager-v1 given to a client of gateway-v1
    withValidation(gateway, campaignManagerV1);
  });
  it("B's client", () => {
    expectTypeOf(withValidation(sms, smsV2)).toEqualTypeOf(sms);
    // @ts-expect-error validators of gateway-v1 given to a client of sms-v2
    withValidation(sms, gatewayV1);
    // @ts-expect-error validators of im-v1 given to a client of sms-v2
    withValidation(sms, imV1);
    // @ts-expect-error validators of campaign-manager-v1 given to a client of sms-v2
    withValidation(sms, campaignManagerV1);
  });
  it("C's client", () => {
    expectTypeOf(withValidation(im, imV1)).toEqualTypeOf(im);
    // @ts-expect-error validators of gateway-v1 given to a client of im-v1
    withValidation(im, gatewayV1);
    // @ts-expect-error validators of sms-v2 given to a client of im-v1
    withValidation(im, smsV2);
    // @ts-expect-error validators of campaign-manager-v1 given to a client of im-v1
    withValidation(im, campaignManagerV1);
  });
  it("D's client", () => {
    expectTypeOf(withValidation(campaignManager, campaignManagerV1)).toEqualTypeOf(campaignManager);
    // @ts-expect-error validators of gateway-v1 given to a client of campaign-manager-v1
    withValidation(campaignManager, gatewayV1);
    // @ts-expect-error validators of sms-v2 given to a client of campaign-manager-v1
    withValidation(campaignManager, smsV2);
    // @ts-expect-error validators of im-v1 given to a client of campaign-manager-v1
    withValidation(campaignManager, imV1);
  });
  it('an `{ operations }` of its own is held to the same rule', () => {
    withValidation(sms, { operations: smsV2.operations });
    // @ts-expect-error validators of gateway-v1 given to a client of sms-v2
    withValidation(sms, { operations: gatewayV1.operations });
  });
  it('a client or a table of no interface (the caller\'s own) takes any', () => {
    const own = { POST: async (_url: string, _init?: unknown) => ({ data: undefined, response: new Response() }) };
    expectTypeOf(withValidation(own, gatewayV1)).toEqualTypeOf(own);
    withValidation(sms, { operations: {} });
  });
  it('a call that names the client type alone compiles as before', () => {
    expectTypeOf(withValidation<typeof sms>(sms, smsV2)).toEqualTypeOf(sms);
  });
  it('the message names both interfaces', () => {
    type Parameter = Parameters<typeof withValidation<typeof sms, typeof gatewayV1>>[1];
    expectTypeOf<Parameter>().toEqualTypeOf<'validators of gateway-v1 given to a client of sms-v2: use @messaging-contracts/validators/sms-v2'>();
  });
});
