// Checks one document against one interface's catalogue entries. Pure: a view in, violations out.
import { type ApiCatalog, catalogueSource, type Entry, type EntryKind } from './catalog.js';
import type { Finding } from './expect.js';
import { operationsRule } from './closed-sets.js';
import { describedLimitsRule } from './described-limits.js';
import { formsRule } from './forms.js';
import { describePlace, Locator } from './places.js';
import {
  basePathRule,
  limitRule,
  narrowingRule,
  objectRule,
  openRule,
  placeFindings,
  propertyRule,
  responsesRule,
  securityRule,
  statusesRule,
  versionRule,
} from './rules.js';
import type { DocumentView } from './view.js';

/** Checks not from a catalogue entry: a description's limit against its keyword (described-limits.ts). */
export type OwnKind = 'place' | 'described-limit';

export interface Violation<L = unknown> {
  api: string;
  /** The catalogue entry (or `<schema> place` for a documented place the document lacks). */
  entry: string;
  kind: EntryKind | OwnKind;
  section: string;
  rule: string;
  expected: string;
  found: string;
  /** JSON pointer into the checked document (or `file#pointer` for another file of a split spec). */
  pointer: string;
  loc: L;
  /** Where the expectation comes from, when not the catalogue (a described limit: the description). */
  source?: string;
}

/** The lint plugin's rules, each a group of entry kinds. */
export const RULE_GROUPS = {
  schemas: ['object', 'property', 'value', 'place', 'forms', 'narrowing'],
  responses: ['responses', 'statuses'],
  interface: ['base-path', 'version', 'security', 'operations'],
  limits: ['limit'],
  'not-shown': ['open'],
  'described-limits': ['described-limit'],
} as const satisfies Record<string, ReadonlyArray<EntryKind | OwnKind>>;

export type RuleGroup = keyof typeof RULE_GROUPS;

function findingsOf<L>(locator: Locator<L>, entry: Entry): Finding<L>[] {
  switch (entry.kind) {
    case 'object':
      return objectRule(locator, entry);
    case 'property':
    case 'value':
      return propertyRule(locator, entry);
    case 'limit':
      return limitRule(locator, entry);
    case 'open':
      return openRule(locator, entry);
    case 'responses':
      return responsesRule(locator, entry);
    case 'statuses':
      return statusesRule(locator, entry);
    case 'operations':
      return operationsRule(locator, entry);
    case 'base-path':
      return basePathRule(locator, entry);
    case 'version':
      return versionRule(locator, entry);
    case 'security':
      return securityRule(locator, entry);
    case 'forms':
      return formsRule(locator, locator.api, entry);
    case 'narrowing':
      return narrowingRule(locator, entry);
  }
}

export interface CheckOptions {
  /** Only these kinds (the lint plugin runs one group per rule). */
  kinds?: ReadonlyArray<EntryKind | OwnKind>;
}

export function checkDocument<L>(view: DocumentView<L>, api: ApiCatalog, options: CheckOptions = {}): Violation<L>[] {
  const locator = new Locator(view, api);
  const wanted = (kind: EntryKind | OwnKind) => !options.kinds || options.kinds.includes(kind);
  const violations: Violation<L>[] = [];
  const seen = new Set<string>();
  const add = (violation: Omit<Violation<L>, 'pointer' | 'api'>) => {
    const key = [violation.entry, view.key(violation.loc), violation.expected, violation.found].join('\u0000');
    if (seen.has(key)) return;
    seen.add(key);
    violations.push({ api: api.api, pointer: view.pointer(violation.loc), ...violation });
  };

  if (wanted('place')) {
    for (const { target, section, place, finding } of placeFindings(locator, api)) {
      add({
        entry: `${api.api} ${section} ${target} place`,
        kind: 'place',
        section,
        rule: `${target} is at ${describePlace(place)}`,
        expected: finding.expected,
        found: finding.found,
        loc: finding.loc,
      });
    }
  }
  if (wanted('described-limit')) for (const { api: _api, pointer: _pointer, ...violation } of checkDescribedLimits(view, api.api)) add(violation);
  for (const entry of api.entries) {
    if (!wanted(entry.kind)) continue;
    for (const finding of findingsOf(locator, entry)) {
      add({ entry: entry.id, kind: entry.kind, section: entry.section, rule: entry.rule, expected: finding.expected, found: finding.found, loc: finding.loc });
    }
  }
  return violations.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/**
 * The described limits alone (described-limits.ts): they need no catalogue, so any OpenAPI document
 * is checked, an interface's (`api` its id) or another (the sandbox's control API, `api` empty).
 */
export function checkDescribedLimits<L>(view: DocumentView<L>, api = ''): Violation<L>[] {
  return describedLimitsRule(view).map((finding) => ({
    api,
    entry: `${api || 'document'} described limit`,
    kind: 'described-limit',
    section: '',
    rule: 'a limit the description states in words equals its keyword',
    source: "the schema's own description (tools/spec-check/src/described-limits.ts)",
    pointer: view.pointer(finding.loc),
    ...finding,
  }));
}

/** Where a violation's expectation is recorded: the catalogue, or the description itself. */
export const violationSource = (violation: Pick<Violation, 'api' | 'section' | 'source'>) =>
  violation.source ?? catalogueSource(violation.api, violation.section);

/**
 * One line per violation: `api  json-pointer  expected  found`, then where the expectation is
 * recorded (the catalogue file, from the document's section) and its rule. The catalogue holds
 * the document's fact; the spec is what was found.
 */
export function formatViolation(violation: Violation): string {
  const pointer = violation.pointer === '' ? '(root)' : violation.pointer;
  return `${violation.api}  ${pointer}  expected: ${violation.expected}  found: ${violation.found}  [${violationSource(violation)}: ${violation.rule}]`;
}
