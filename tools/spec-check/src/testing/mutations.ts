// Mutations generated from the catalogue: for each entry, edits of a real document that break what
// the entry says (loosen or tighten a limit, drop a required field, remove or reshape an error
// response or a header, add a forbidden constraint). Each records the pointer it edits, so a test
// can require that the checker reports that entry there.
import type { ApiCatalog, Entry, Expect, Place, SchemaCheck } from '../catalog.js';
import { Locator } from '../places.js';
import { itemNodes, keyword, propertiesLoc, propertyNodes, readSchema } from '../schema.js';
import { escapePointerToken, type FileLoc, follow, get, isObject, type Json, jsonView, type Node } from '../view.js';
import { deleteAt, getAt, setAt } from './fixtures.js';
import { formsMutations, notShownStatementMutations } from './statement-mutations.js';

export interface Mutation {
  title: string;
  /** The pointer edited (or removed). */
  pointer: string;
  apply(document: Json): void;
}

type Pick = 'first' | 'last';

export const set = (title: string, pointer: string, value: Json): Mutation => ({
  title,
  pointer,
  apply: (document) => setAt(document, pointer, structuredClone(value)),
});

export const remove = (title: string, pointer: string): Mutation => ({ title, pointer, apply: (document) => deleteAt(document, pointer) });

/** A value that constrains, for adding a keyword the document says must stay absent. */
const CONSTRAINING: Record<string, Json> = {
  enum: ['undocumented'],
  const: 'undocumented',
  pattern: '^undocumented$',
  format: 'date',
  minLength: 1,
  maxLength: 5,
  minItems: 1,
  maxItems: 5,
  minimum: 1,
  maximum: 5,
  default: 'undocumented',
};

const BOUND_NAMES = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minimum', 'maximum', 'minProperties'] as const;

export class Generator {
  readonly view;
  readonly locator;

  constructor(
    readonly document: Json,
    readonly api: ApiCatalog,
    readonly pick: Pick,
  ) {
    this.view = jsonView(document);
    this.locator = new Locator(this.view, api);
  }

  choose<T>(items: T[]): T | undefined {
    return this.pick === 'first' ? items[0] : items.at(-1);
  }

  /** Edits of the keywords `expect` states on the schema at `subject`. */
  keywordMutations(subject: Node<FileLoc>, expect: Expect, closed: boolean): Mutation[] {
    if (expect.is) return [];
    const schema = readSchema(this.view, [subject]);
    const first = (name: string) => keyword(this.view, schema, name)[0];
    const at = subject.loc.pointer;
    const mutations: Mutation[] = [];
    for (const name of BOUND_NAMES) {
      const wanted = expect[name];
      if (wanted === undefined) continue;
      const occurrence = first(name);
      const upper = name.startsWith('max');
      if (!occurrence) {
        // An absent lower bound of 0 (minItems: 0): tighten it.
        mutations.push(set(`tighten ${name} to ${wanted + 1}`, `${at}/${name}`, wanted + 1));
        continue;
      }
      const pointer = occurrence.loc.pointer;
      if (upper) {
        mutations.push(set(`loosen ${name} to ${wanted + 1}`, pointer, wanted + 1));
        if (wanted > 0) mutations.push(set(`tighten ${name} to ${wanted - 1}`, pointer, wanted - 1));
      } else {
        mutations.push(set(`tighten ${name} to ${wanted + 1}`, pointer, wanted + 1));
        if (wanted > 0 || name === 'minimum') mutations.push(set(`loosen ${name} to ${wanted - 1}`, pointer, wanted - 1));
      }
    }
    if (expect.type !== undefined && first('type')) {
      mutations.push(set('change the type', first('type')!.loc.pointer, expect.type === 'string' ? 'integer' : 'string'));
    }
    if (expect.format !== undefined && first('format')) {
      mutations.push(set('change the format', first('format')!.loc.pointer, 'byte'));
    }
    if (expect.enum !== undefined && first('enum')) {
      const pointer = first('enum')!.loc.pointer;
      mutations.push(set('drop an enum value', pointer, expect.enum.slice(0, -1)));
      mutations.push(set('add an enum value', pointer, [...expect.enum, 'undocumented']));
    }
    if (expect.pattern !== undefined && first('pattern')) {
      mutations.push(set('change the pattern', first('pattern')!.loc.pointer, `${expect.pattern}|^x$`));
    }
    if ((expect.accepts || expect.rejects) && first('pattern')) {
      mutations.push(set('loosen the pattern to anything', first('pattern')!.loc.pointer, '.*'));
    }
    if (expect.readOnly && first('readOnly')) mutations.push(remove('drop readOnly', first('readOnly')!.loc.pointer));
    if (expect.default !== undefined && first('default')) {
      mutations.push(set('change the default', first('default')!.loc.pointer, 'changed'));
    }
    for (const [name, value] of Object.entries(expect.extensions ?? {})) {
      const occurrence = first(name);
      if (!occurrence) continue;
      const changed = typeof value === 'number' ? value + 1 : { ...(value as object), lower: 0 };
      mutations.push(set(`change ${name}`, occurrence.loc.pointer, changed));
    }
    if (expect.items !== undefined) {
      const item = this.choose(itemNodes(this.view, [subject]));
      if (item) mutations.push(...this.keywordMutations(item, expect.items, closed));
    }
    if (closed && expect.enum === undefined) {
      // Closed world: a constraint the document does not state is a violation too.
      mutations.push(set('add an undocumented enum', `${at}/enum`, ['undocumented']));
    }
    return mutations;
  }

  /** The node a schema check is about, with the object holding its property. */
  subject(check: SchemaCheck): { holder?: Node<FileLoc>; node: Node<FileLoc> } | undefined {
    if (check.header !== undefined) {
      const header = this.choose(this.locator.headerNodes(check.header).nodes);
      const schema = header && get(this.view, header, 'schema');
      return schema ? { node: schema } : undefined;
    }
    const holder = this.choose(this.locator.schemaNodes(check.schema!).nodes);
    if (!holder) return undefined;
    let node: Node<FileLoc> | undefined = holder;
    if (check.property !== undefined) node = this.choose(propertyNodes(this.view, [holder], check.property));
    if (node && check.items) node = this.choose(itemNodes(this.view, [node]));
    return node ? { holder, node } : undefined;
  }

  checkMutations(check: SchemaCheck, closed: boolean): Mutation[] {
    const found = this.subject(check);
    if (!found) return [];
    const { holder, node } = found;
    const mutations: Mutation[] = [];
    // Removing the field breaks what an entry says of it; an open entry only forbids keywords.
    if (check.property !== undefined && holder && !check.items && !check.forbid) {
      mutations.push(remove(`remove property ${check.property}`, node.loc.pointer));
      const schema = readSchema(this.view, [holder]);
      const required = keyword(this.view, schema, 'required')[0];
      const names = Array.isArray(required?.value) ? (required.value as string[]) : [];
      if (check.required === true && required) {
        mutations.push(set(`make ${check.property} optional`, required.loc.pointer, names.filter((n) => n !== check.property)));
      }
      if (check.required === false) {
        mutations.push(
          required
            ? set(`make ${check.property} required`, required.loc.pointer, [...names, check.property])
            : set(`make ${check.property} required`, `${schema.home.loc.pointer}/required`, [check.property]),
        );
      }
    }
    if (check.expect) mutations.push(...this.keywordMutations(node, check.expect, closed));
    for (const name of check.forbid ?? []) {
      mutations.push(set(`add a forbidden ${name}`, `${node.loc.pointer}/${name}`, CONSTRAINING[name] ?? 'undocumented'));
    }
    return mutations;
  }

  operationOf(place: Place): Node<FileLoc> | undefined {
    const { response: _response, requestBody: _body, header: _header, property: _property, items: _items, ...operation } = place;
    return this.choose(this.locator.locate(operation, 'operation').nodes);
  }

  responseMutations(entry: Extract<Entry, { kind: 'responses' }>): Mutation[] {
    const mutations: Mutation[] = [];
    for (const place of entry.at.filter((p) => p.operation !== undefined && !p.optional)) {
      const operation = this.operationOf(place);
      if (!operation) continue;
      const slot = `${operation.loc.pointer}/responses/${escapePointerToken(place.response!)}`;
      mutations.push(remove(`remove response ${place.response}`, slot));
      const response = follow(this.view, get(this.view, get(this.view, operation, 'responses')!, place.response!));
      if (!response) continue;
      const content = get(this.view, response, 'content');
      const media = content && isObject(content.value) ? Object.keys(content.value)[0] : undefined;
      const schema = media !== undefined ? get(this.view, get(this.view, content!, media)!, 'schema') : undefined;
      // Section 7 said on the operation itself: its own copy of the response stops saying it.
      const own = structuredClone(response.value) as Record<string, Json>;
      if (entry.describes !== undefined) {
        mutations.push(set(`inline response ${place.response} without "${entry.describes}" in its description`, slot, { ...own, description: 'Failure.' }));
      }
      if (entry.schema !== undefined && media !== undefined && schema) {
        const lookAlike = { ...(structuredClone(follow(this.view, schema)?.value) as object), description: 'A look-alike, not the documented schema.' };
        mutations.push(set(`inline response ${place.response} with a look-alike of ${entry.schema}`, slot, { ...own, content: { ...(own.content as object), [media]: { schema: lookAlike } } }));
      }
      if (entry.body?.presence === 'absent') {
        mutations.push(set('add a body schema', `${response.loc.pointer}/content`, { 'application/json': { schema: { type: 'object' } } }));
      } else if (entry.body?.shape && schema) {
        mutations.push(...this.shapeMutations(schema, entry.body.shape));
      }
      for (const [name, expect] of Object.entries(entry.headers ?? {})) {
        const headers = get(this.view, response, 'headers');
        const key = headers && isObject(headers.value) ? Object.keys(headers.value).find((h) => h.toLowerCase() === name.toLowerCase()) : undefined;
        if (key === undefined) continue;
        mutations.push(remove(`remove header ${name}`, `${headers!.loc.pointer}/${escapePointerToken(key)}`));
        const header = follow(this.view, get(this.view, headers!, key));
        if (entry.headersRequired && header) {
          mutations.push(remove(`make header ${name} optional (no required)`, `${header.loc.pointer}/required`));
          mutations.push(set(`make header ${name} optional (required: false)`, `${header.loc.pointer}/required`, false));
        }
        const headerSchema = header && get(this.view, header, 'schema');
        if (headerSchema) mutations.push(...this.keywordMutations(headerSchema, expect, false));
      }
    }
    return mutations;
  }

  /** Reshape an error body: drop or retype a field, change a range, change what is required. */
  shapeMutations(schema: Node<FileLoc>, shape: Expect): Mutation[] {
    const mutations = this.keywordMutations(schema, { ...shape, properties: undefined, required: undefined }, false);
    const parts = readSchema(this.view, [schema]);
    for (const [name, expect] of Object.entries(shape.properties ?? {})) {
      const property = this.choose(propertyNodes(this.view, [schema], name));
      if (!property) continue;
      mutations.push(remove(`remove field ${name}`, property.loc.pointer));
      mutations.push(...this.shapeMutations(property, expect));
    }
    if (shape.properties) {
      mutations.push(set('add an undocumented field', `${propertiesLoc(this.view, parts).pointer}/undocumented_field`, { type: 'string' }));
    }
    if (shape.required !== undefined) {
      const required = keyword(this.view, parts, 'required')[0];
      const names = Array.isArray(required?.value) ? (required.value as string[]) : [];
      if (shape.required.length > 0 && required) {
        mutations.push(set(`make ${shape.required[0]} optional`, required.loc.pointer, names.filter((n) => n !== shape.required![0])));
      }
      const optional = Object.keys(shape.properties ?? {}).find((n) => !shape.required!.includes(n));
      if (optional) {
        mutations.push(
          required
            ? set(`make ${optional} required`, required.loc.pointer, [...names, optional])
            : set(`make ${optional} required`, `${parts.home.loc.pointer}/required`, [optional]),
        );
      }
    }
    return mutations;
  }

  forEntry(entry: Entry): Mutation[] {
    switch (entry.kind) {
      case 'object': {
        const holder = this.choose(this.locator.schemaNodes(entry.schema).nodes);
        if (!holder) return [];
        const schema = readSchema(this.view, [holder]);
        const mutations = [
          set('add an undocumented field', `${propertiesLoc(this.view, schema).pointer}/undocumented_field`, { type: 'string' }),
          set('forbid further properties', `${holder.loc.pointer}/additionalProperties`, false),
        ];
        const minProperties = keyword(this.view, schema, 'minProperties')[0];
        if (entry.minProperties !== undefined && minProperties) {
          mutations.push(set('tighten minProperties', minProperties.loc.pointer, entry.minProperties + 1));
          mutations.push(set('loosen minProperties', minProperties.loc.pointer, entry.minProperties - 1));
        }
        return mutations;
      }
      case 'property':
      case 'value':
        return this.checkMutations(entry.check, true);
      case 'limit':
        return entry.checks.flatMap((check) => this.checkMutations(check, entry.mode === 'closed'));
      case 'open': {
        const scope = entry.scope;
        if (scope.kind === 'keywords') return scope.checks.flatMap((check) => this.checkMutations(check, false));
        const statements = notShownStatementMutations(this, scope);
        if (statements) return statements;
        const operation = this.choose(this.locator.allOperations());
        if (!operation) return [];
        if (scope.kind === 'callbacks') {
          return [set('add a callback', `${operation.loc.pointer}/callbacks`, { onEvent: { '{$request.body#/url}': { post: { responses: { '200': { description: 'ok' } } } } } })];
        }
        const response = this.choose(this.locator.allResponses().filter((r) => r.status !== ''))!;
        const headersPointer = `${response.node.loc.pointer}/headers`;
        const existing = (getAt(this.document, headersPointer) ?? {}) as Record<string, Json>;
        const withHeader = (name: string) => set(`add header ${name} to a response`, `${headersPointer}/${escapePointerToken(name)}`, { schema: { type: 'integer' } });
        if (scope.kind === 'rate-limits') {
          return [
            set('add a 429 response', `${operation.loc.pointer}/responses/429`, { description: 'Too many requests' }),
            { ...withHeader('X-RateLimit-Limit'), apply: (d) => setAt(d, headersPointer, { ...existing, 'X-RateLimit-Limit': { schema: { type: 'integer' } } }) },
          ];
        }
        if (scope.kind !== 'response-headers') return [];
        return scope.headers.map((name) => ({
          ...withHeader(name),
          apply: (d: Json) => setAt(d, headersPointer, { ...existing, [name]: { schema: { type: 'string' } } }),
        }));
      }
      case 'responses':
        return this.responseMutations(entry);
      case 'statuses':
        return entry.operations
          .filter(({ at }) => !at.optional)
          .flatMap(({ at, statuses }) => {
            const operation = this.locator.locate(at, 'operation').nodes;
            const chosen = this.choose(operation);
            if (!chosen) return [];
            const responses = `${chosen.loc.pointer}/responses`;
            return [
              set('add an undocumented status', `${responses}/418`, { description: 'I am a teapot' }),
              remove(`remove status ${statuses[0]}`, `${responses}/${escapePointerToken(statuses[0]!)}`),
            ];
          });
      case 'operations': {
        const operation = this.choose(this.locator.allOperations().filter((o) => /^\/paths\/[^/]+\/[a-z]+$/.test(o.loc.pointer)))!;
        const answer = { responses: { default: { description: 'Undocumented.' } } };
        return [
          ...(entry.operations.paths
            ? [
                set('add an undocumented endpoint', `/paths/${escapePointerToken('/undocumented')}`, { get: answer }),
                set('add an undocumented method to a documented path', `${operation.loc.pointer.replace(/\/[a-z]+$/, '')}/patch`, answer),
              ]
            : []),
          ...(entry.operations.events
            ? [
                {
                  ...set('add an undocumented callback', `${operation.loc.pointer}/callbacks/undocumentedEvent`, {}),
                  apply: (d: Json) => {
                    const callbacks = (getAt(d, `${operation.loc.pointer}/callbacks`) ?? {}) as Record<string, Json>;
                    setAt(d, `${operation.loc.pointer}/callbacks`, { ...callbacks, undocumentedEvent: { '{$request.body#/url}': { post: answer } } });
                  },
                },
                { ...set('add an undocumented webhook', '/webhooks/undocumentedEvent', {}), apply: (d: Json) => setAt(d, '/webhooks', { ...((getAt(d, '/webhooks') ?? {}) as object), undocumentedEvent: { post: answer } }) },
              ]
            : []),
        ];
      }
      case 'narrowing': {
        // Drop what the place writes of the property (its allOf member's, or every inline copy's),
        // leaving the narrowed schema's own values.
        const chosen = this.choose(this.locator.narrowing(entry).at);
        if (!chosen) return [];
        const base = chosen.parent.loc.pointer;
        return [
          {
            title: `drop the narrowing of ${entry.property}`,
            pointer: base,
            apply: (document: Json) => {
              const holder = { value: structuredClone(getAt(document, base)) };
              for (const node of [...chosen.own].reverse()) deleteAt(holder, `/value${node.loc.pointer.slice(base.length)}`);
              setAt(document, base, holder.value);
            },
          },
        ];
      }
      case 'base-path':
        return [set('move the server URL off the base path', '/servers/0/url', '{base_url}/rest/elsewhere')];
      case 'version':
        return [set('change the declared version', '/info/version', '9.9.9')];
      case 'forms':
        return formsMutations(this, entry);
      case 'security': {
        const requirement = (getAt(this.document, '/security/0') ?? {}) as Record<string, Json>;
        const name = Object.keys(requirement)[0]!;
        const scheme = `/components/securitySchemes/${escapePointerToken(name)}`;
        return [
          ...Object.keys(entry.scheme).map((key) => set(`change the scheme's ${key}`, `${scheme}/${key}`, key === 'type' ? 'oauth2' : 'changed')),
          remove('drop the security requirement', '/security'),
        ];
      }
    }
  }
}

export function mutationsFor(document: Json, api: ApiCatalog, entry: Entry, pick: Pick): Mutation[] {
  return new Generator(document, api, pick).forEntry(entry);
}
