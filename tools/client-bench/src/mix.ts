// The request mix every contender sends: one operation of each interface, with its request body
// and its documented success response taken from the bundled contracts, so the server answers
// what the contract says and the contenders parse what a real server would send.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const USERNAME = 'acme';
export const PASSWORD = 'bench-pw-4f1a';
export const SMS_API_KEY = 'bench-sms-key-9c2e';
export const IM_API_KEY = 'bench-im-key-27d0';
export const APPLICATION_NAME = 'acme';
export const BASIC = `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`;
const SMS_MESSAGE_ID = '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d';

export interface Operation {
  /** A to D: the interface (section letters of the spec document). */
  key: 'A' | 'B' | 'C' | 'D';
  api: string;
  operationId: string;
  method: 'GET' | 'POST';
  /** The path on the wire, with the interface's base path and the query string. */
  url: string;
  /** The auth header (lower-case name) and its exact value. */
  auth: [name: string, value: string];
  /** The request body (sent as JSON), for a POST. */
  body?: unknown;
  status: number;
  /** The documented example of the success response. */
  response: unknown;
}

// An OpenAPI document is untyped JSON here.
type Json = any;

function bundle(api: string): Json {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve(`@messaging-contracts/openapi/${api}.json`), 'utf8'));
}

function deref(document: Json, node: Json): Json {
  let current = node;
  while (current?.$ref) {
    current = String(current.$ref)
      .slice(2)
      .split('/')
      .reduce((n: Json, key: string) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

function operation(
  key: Operation['key'],
  api: string,
  template: string,
  method: Operation['method'],
  status: number,
  wirePath: string,
  auth: Operation['auth'],
): Operation {
  const document = bundle(api);
  const op = document.paths[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`${api}: no ${method} ${template}`);
  const basePath = String(document.servers[0].url).replace('{base_url}', '');
  // The first named example where a body has several (C's delivery attempts, direct and wrapped).
  const example = (node: Json) => {
    const media = deref(document, node)?.content?.['application/json'];
    return media && 'example' in media ? media.example : Object.values<Json>(media?.examples ?? {})[0]?.value;
  };
  const response = example(op.responses[status]);
  const body = op.requestBody ? example(op.requestBody) : undefined;
  if (response === undefined || (op.requestBody && body === undefined)) throw new Error(`${api} ${op.operationId}: no example`);
  return { key, api, operationId: op.operationId, method, url: basePath + wirePath, auth, body, status, response };
}

/** A: send an SMS (201), B: read an SMS (200), C: send an IM (202), D: list the lists (200). */
export function loadMix(): Operation[] {
  return [
    operation('A', 'gateway-v1', '/messages', 'POST', 201, '/messages', ['authorization', BASIC]),
    operation('B', 'sms-v2', '/messages', 'GET', 200, `/messages?id=${SMS_MESSAGE_ID}`, ['authorization', SMS_API_KEY]),
    operation('C', 'im-v1', '/message', 'POST', 202, '/message', ['authorization', IM_API_KEY]),
    operation('D', 'campaign-manager-v1', '/{application_name}/lists', 'GET', 200, `/${APPLICATION_NAME}/lists`, [
      'authorization',
      BASIC,
    ]),
  ];
}

export const SMS_ID = SMS_MESSAGE_ID;
