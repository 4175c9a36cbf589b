// The four ways of sending the mix: (a) raw fetch with a precomputed init, (b) bare openapi-fetch
// with the same headers as client defaults, (c) our four clients, (d) axios with a keep-alive
// agent. Each sends the same requests with the same headers, parses the JSON body and checks the
// status; `send(k)` performs operation k of the mix and resolves to the parsed body.
import { Agent } from 'node:http';
import { type CampaignManagerPaths, createCampaignManagerClient } from '@messaging-contracts/campaign-manager-v1-client';
import { DEFAULT_TIMEOUT_MS } from '@messaging-contracts/client-core';
import { createGatewayClient, type paths as GatewayPaths } from '@messaging-contracts/gateway-v1-client';
import { createImClient, type paths as ImPaths } from '@messaging-contracts/im-v1-client';
import { createSmsClient, type SmsPaths } from '@messaging-contracts/sms-v2-client';
import axios from 'axios';
import createClient from 'openapi-fetch';
import {
  APPLICATION_NAME,
  IM_API_KEY,
  type Operation,
  PASSWORD,
  SMS_API_KEY,
  SMS_ID,
  USERNAME,
} from './mix.js';

/** a to d as in the issue; a2, c2 and d2 only with --breakdown. */
export type ContenderId = 'a' | 'b' | 'c' | 'd' | 'a2' | 'c2' | 'd2';

export interface Contender {
  id: ContenderId;
  name: string;
  /** Sends operation `k` of the mix (0 to 3: A, B, C, D) and resolves to the parsed body. */
  send(k: number): Promise<unknown>;
  close?(): void;
}

const ACCEPT = { Accept: 'application/json' } as const;

function expectStatus(operation: Operation, status: number, contender: string): void {
  if (status !== operation.status) {
    throw new Error(`${contender}: ${operation.key} ${operation.operationId} answered ${status}, not ${operation.status}`);
  }
}

function byKey(mix: Operation[]): Record<Operation['key'], Operation> {
  return Object.fromEntries(mix.map((o) => [o.key, o])) as Record<Operation['key'], Operation>;
}

/**
 * (a) fetch(url, init) with everything computed once. With `timeoutMs`, (a2): each call also gets
 * what our clients' time limit costs, an AbortController, a timer and `signal` in fetch's init.
 */
export function rawFetch(baseUrl: string, mix: Operation[], timeoutMs = 0): Contender {
  const prepared = mix.map((operation) => ({
    operation,
    url: baseUrl + operation.url,
    init: {
      method: operation.method,
      headers: {
        ...ACCEPT,
        [operation.auth[0]]: operation.auth[1],
        ...(operation.body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(operation.body !== undefined && { body: JSON.stringify(operation.body) }),
    } satisfies RequestInit,
  }));
  if (timeoutMs) {
    return {
      id: 'a2',
      name: 'raw fetch + time limit',
      async send(k) {
        const { operation, url, init } = prepared[k]!;
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), timeoutMs);
        try {
          const response = await fetch(url, { ...init, signal: controller.signal });
          expectStatus(operation, response.status, 'raw fetch');
          return await response.json();
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }
  return {
    id: 'a',
    name: 'raw fetch',
    async send(k) {
      const { operation, url, init } = prepared[k]!;
      const response = await fetch(url, init);
      expectStatus(operation, response.status, 'raw fetch');
      return response.json();
    },
  };
}

/** (b) openapi-fetch's createClient, one per interface, auth and Accept as client headers. */
export function bareOpenapiFetch(baseUrl: string, mix: Operation[]): Contender {
  const { A, B, C, D } = byKey(mix);
  const headers = (operation: Operation) => ({ ...ACCEPT, [operation.auth[0]]: operation.auth[1] });
  const gateway = createClient<GatewayPaths>({ baseUrl: `${baseUrl}/rest/gateway`, headers: headers(A) });
  const sms = createClient<SmsPaths>({ baseUrl: `${baseUrl}/rest/sms/v2`, headers: headers(B) });
  const im = createClient<ImPaths>({ baseUrl: `${baseUrl}/rest/im/v1`, headers: headers(C) });
  const campaigns = createClient<CampaignManagerPaths>({ baseUrl: `${baseUrl}/rest/campaign_manager/v1`, headers: headers(D) });
  const calls = [
    () => gateway.POST('/messages', { body: A.body as never }),
    () => sms.GET('/messages', { params: { query: { id: SMS_ID } } }),
    () => im.POST('/message', { body: C.body as never }),
    // Bare openapi-fetch fills D's application_name per call, from the contract's template.
    () =>
      (campaigns as unknown as { GET: (url: string, init: object) => ReturnType<typeof sms.GET> }).GET('/{application_name}/lists', {
        params: { path: { application_name: APPLICATION_NAME } },
      }),
  ];
  return {
    id: 'b',
    name: 'openapi-fetch',
    async send(k) {
      const { data, response } = await calls[k]!();
      expectStatus(mix[k]!, response.status, 'openapi-fetch');
      return data;
    },
  };
}

/**
 * (c) Our four clients, as a user creates them (default time limit; C with its default 429
 * retry). With `timeoutMs: 0`, (c2): the same without a time limit.
 */
export function ourClients(baseUrl: string, mix: Operation[], options: { timeoutMs?: number } = {}): Contender {
  const { A, C } = byKey(mix);
  const gateway = createGatewayClient({ ...options, baseUrl, username: USERNAME, password: PASSWORD });
  const sms = createSmsClient({ ...options, baseUrl, apiKey: SMS_API_KEY });
  const im = createImClient({ ...options, baseUrl, apiKey: IM_API_KEY });
  const campaigns = createCampaignManagerClient({
    ...options,
    baseUrl,
    username: USERNAME,
    password: PASSWORD,
    applicationName: APPLICATION_NAME,
  });
  const calls = [
    () => gateway.POST('/messages', { body: A.body as never }),
    () => sms.GET('/messages', { params: { query: { id: SMS_ID } } }),
    () => im.POST('/message', { body: C.body as never }),
    () => campaigns.GET('/lists'),
  ];
  return {
    id: options.timeoutMs === 0 ? 'c2' : 'c',
    name: options.timeoutMs === 0 ? 'our clients, timeoutMs 0' : 'our clients',
    async send(k) {
      const { data, response } = await calls[k]!();
      expectStatus(mix[k]!, response.status, 'our clients');
      return data;
    },
  };
}

/**
 * (d) axios, one instance per interface, sharing one keep-alive agent. axios has no time limit by
 * default; with `timeoutMs`, (d2): its `timeout` set to our clients' default, like for like with (c).
 */
export function axiosClients(baseUrl: string, mix: Operation[], options: { timeoutMs?: number } = {}): Contender {
  const { A, B, C, D } = byKey(mix);
  const httpAgent = new Agent({ keepAlive: true });
  const instance = (operation: Operation, basePath: string) =>
    axios.create({ baseURL: baseUrl + basePath, headers: { ...ACCEPT, [operation.auth[0]]: operation.auth[1] }, httpAgent, ...(options.timeoutMs && { timeout: options.timeoutMs }) });
  const gateway = instance(A, '/rest/gateway');
  const sms = instance(B, '/rest/sms/v2');
  const im = instance(C, '/rest/im/v1');
  const campaigns = instance(D, `/rest/campaign_manager/v1/${APPLICATION_NAME}`);
  const calls = [
    () => gateway.post('/messages', A.body),
    () => sms.get('/messages', { params: { id: SMS_ID } }),
    () => im.post('/message', C.body),
    () => campaigns.get('/lists'),
  ];
  return {
    id: options.timeoutMs ? 'd2' : 'd',
    name: options.timeoutMs ? 'axios, timeout' : 'axios',
    async send(k) {
      const response = await calls[k]!();
      expectStatus(mix[k]!, response.status, 'axios');
      return response.data;
    },
    close: () => httpAgent.destroy(),
  };
}

/** (a) to (d); with `breakdown`, also (a2), (c2) and (d2), which show what a time limit costs. */
export function contenders(baseUrl: string, mix: Operation[], breakdown = false): Contender[] {
  const list = [rawFetch(baseUrl, mix), bareOpenapiFetch(baseUrl, mix), ourClients(baseUrl, mix), axiosClients(baseUrl, mix)];
  return breakdown
    ? [...list, rawFetch(baseUrl, mix, DEFAULT_TIMEOUT_MS), ourClients(baseUrl, mix, { timeoutMs: 0 }), axiosClients(baseUrl, mix, { timeoutMs: DEFAULT_TIMEOUT_MS })]
    : list;
}

