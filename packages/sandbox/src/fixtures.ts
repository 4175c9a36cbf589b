// Fixtures (`--fixtures <file>`, option `fixtures`): messages, lists and templates preloaded into
// the sandbox's global scope at start and after each reset, each checked against the contract (the
// request body of the operation that would create it; D's templates against listTemplates' answer)
// and stored by that operation's own handler. A bad entry stops the start with one error naming it.
// The file's format is the sandbox's choice (README, "Fixtures").
import type { ApiId, Json } from './contract.js';
import { firstChangedNumber } from './exact-numbers.js';
import { readJsonFile } from './file-errors.js';
import { handlers } from './pipeline.js';
import { describeFinding } from './problems.js';
import { validatorsFor } from './request-validation.js';
import type { RouteTable } from './routes.js';
import type { Scope } from './scope.js';

export interface Fixtures {
  'gateway-v1'?: { messages?: Json[] };
  'sms-v2'?: { messages?: Json[] };
  'im-v1'?: { messages?: Json[] };
  /** Per `{application_name}`. */
  'campaign-manager-v1'?: Record<string, { lists?: Json[]; templates?: Json[] }>;
}

/** The largest fixtures file read, bytes. */
export const MAX_FIXTURES_BYTES = 16 * 1024 * 1024;

/** Reads a fixtures file: JSON, at most 16 MiB and 64 levels deep, no key repeated; an error names the file and why. */
export function readFixtures(file: string): Fixtures {
  const { text, json } = readJsonFile(file, MAX_FIXTURES_BYTES);
  // As a request body's (pipeline.ts): an id 9007199254740993 would be preloaded as another id.
  const changed = firstChangedNumber(text);
  if (changed !== undefined) {
    throw new TypeError(
      `${file}: the number at ${changed} would be read as another number (an integer of magnitude at most ${Number.MAX_SAFE_INTEGER} is held exactly) (safe-integer)`,
    );
  }
  return json as Fixtures;
}

const KINDS: Record<Exclude<ApiId, 'campaign-manager-v1'>, string> = {
  'gateway-v1': 'gateway-v1.sendMessage',
  'sms-v2': 'sms-v2.sendMessage',
  'im-v1': 'im-v1.sendMessage',
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Refuses a key the format does not have, at any level of it, naming its path and the keys allowed
 * there: a misspelt `mesages` would otherwise preload nothing without a word.
 */
function refuseUnknownKeys(entry: Json, allowed: readonly string[], where: string, what: string): void {
  const unknown = Object.keys(entry).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new TypeError(`${where}.${unknown.slice(0, 40)}: not ${what} (${allowed.join(', ')})`);
}

/**
 * The id a B or C fixture message gives itself (sandbox choice, README "Fixtures"): their ids are
 * UUIDs no API lists, so a test could not read or change a preloaded message otherwise. B's is the
 * body's own `id` (SingleMessage's read-only id), checked as GET /messages' `id`; C's request has
 * no id, so C's is an `id` beside the request's fields, checked as the 202 answer's `id`, and kept
 * out of the stored request. Each id at most once in the file.
 */
function ownId(api: ApiId, entry: unknown, where: string, table: RouteTable, given: Set<string>): { id?: string; body: unknown } {
  if ((api !== 'sms-v2' && api !== 'im-v1') || !isObject(entry) || entry.id === undefined) return { body: entry };
  const { id, ...request } = entry;
  const violations =
    api === 'sms-v2'
      ? validatorsFor(table.byKey.get('sms-v2.getMessage')!).params({ path: {}, query: { id } })
      : (validatorsFor(table.byKey.get('im-v1.sendMessage')!).responses['202']?.({ id }) ?? []);
  // Named as the entry's own field (`id`), not as where the rule was found (`query/id`).
  if (violations.length > 0) throw new TypeError(`${where}: ${violations.map((v) => describeFinding({ ...v, pointer: '/id' })).join('; ')}`);
  // One message per id whatever its letter case, as B's store finds an id in either (state.ts).
  const key = String(id).toLowerCase();
  if (given.has(key)) throw new TypeError(`${where}: id ${id} is already given to another message of the file`);
  given.add(key);
  return { id, body: api === 'sms-v2' ? entry : request };
}

/** Checks every entry and stores it into `scope`; throws naming the first bad entry. Returns how many were loaded. */
export function loadFixtures(fixtures: unknown, table: RouteTable, scope: Scope): number {
  if (!isObject(fixtures)) throw new TypeError('fixtures must be an object with gateway-v1, sms-v2, im-v1 and campaign-manager-v1 entries');
  refuseUnknownKeys(fixtures, ['gateway-v1', 'sms-v2', 'im-v1', 'campaign-manager-v1'], 'fixtures', 'an interface id');
  const now = scope.env.clock.now;
  let loaded = 0;
  const given = new Set<string>();
  const store = (key: string, where: string, entry: unknown, params: Record<string, string> = {}) => {
    const route = table.byKey.get(key)!;
    const validators = validatorsFor(route);
    const { id, body } = ownId(route.api, entry, where, table, given);
    const violations = [
      ...(Object.keys(params).length > 0 ? validators.params({ path: { ...params }, query: {} }, { now }) : []),
      ...(validators.body ? validators.body(body, { now }) : []),
    ];
    if (violations.length > 0) throw new TypeError(`${where}: ${violations.map((v) => describeFinding(v)).join('; ')}`);
    // A given id is used once, in place of the next UUID (a seeded sequence is not drawn from).
    const env = id === undefined ? scope.env : { ...scope.env, ids: { ...scope.env.ids, uuid: () => id } };
    handlers[route.api][route.operationId]!({ route, params, query: new URLSearchParams(), body, text: JSON.stringify(body) }, env);
    loaded++;
  };
  for (const [api, key] of Object.entries(KINDS)) {
    const entry = fixtures[api];
    if (entry === undefined) continue;
    if (!isObject(entry) || (entry.messages !== undefined && !Array.isArray(entry.messages))) throw new TypeError(`fixtures.${api} must be { messages: [...] }`);
    refuseUnknownKeys(entry, ['messages'], `fixtures.${api}`, `a key of ${api}'s entry`);
    (entry.messages ?? []).forEach((message: unknown, i: number) => store(key, `fixtures.${api}.messages[${i}]`, message));
  }
  const campaigns = fixtures['campaign-manager-v1'];
  if (campaigns !== undefined) {
    if (!isObject(campaigns)) throw new TypeError('fixtures.campaign-manager-v1 must be { "<application_name>": { lists, templates } }');
    for (const [application, entry] of Object.entries(campaigns)) {
      const where = `fixtures.campaign-manager-v1.${application.slice(0, 40)}`;
      if (!isObject(entry)) throw new TypeError(`${where} must be { lists: [...], templates: [...] }`);
      refuseUnknownKeys(entry, ['lists', 'templates'], where, "a key of an application's entry");
      if (entry.lists !== undefined && !Array.isArray(entry.lists)) throw new TypeError(`${where}.lists must be an array`);
      (entry.lists ?? []).forEach((list: unknown, i: number) => store('campaign-manager-v1.createList', `${where}.lists[${i}]`, list, { application_name: application }));
      if (entry.templates !== undefined) {
        if (!Array.isArray(entry.templates)) throw new TypeError(`${where}.templates must be an array`);
        const route = table.byKey.get('campaign-manager-v1.listTemplates')!;
        const validate = validatorsFor(route).responses[String(route.successStatus)];
        // Each template checked as a one-item answer, so an error names it like the messages'
        // entries (`templates[0]: id must …`); then the whole array, for any rule of the array's own.
        entry.templates.forEach((template: unknown, i: number) => {
          const violations = validate ? validate([template]) : [];
          if (violations.length > 0) {
            throw new TypeError(`${where}.templates[${i}]: ${violations.map((v) => describeFinding({ ...v, pointer: v.pointer.replace(/^\/0/, '') })).join('; ')}`);
          }
        });
        const violations = validate ? validate(entry.templates) : [];
        if (violations.length > 0) throw new TypeError(`${where}.templates: ${violations.map((v) => describeFinding(v)).join('; ')}`);
        scope.env.state.templates.set(application, entry.templates);
        loaded += entry.templates.length;
      }
    }
  }
  return loaded;
}
