// Every catalogue entry, broken on purpose in a real bundle and in Redocly's fully dereferenced copy
// of it: the checker must report that entry, for that interface, at the edited place.
import { describe, expect, it } from 'vitest';
import { type Entry, loadCatalog } from './catalog.js';
import { checkDocument } from './check.js';
import { apiIds, copyAlong, deepFreeze, loadBundle, loadDereferenced, related } from './testing/fixtures.js';
import { mutationsFor } from './testing/mutations.js';
import { type Json, jsonView } from './view.js';

const catalog = loadCatalog();

const layouts = [
  // The bundle as published: `$ref`s to components; a mutation lands in the component.
  ['bundle', (id: string) => loadBundle(id), 'first'],
  // Everything inline; a mutation lands in the last inline copy (an operation's body).
  ['dereferenced copy', (id: string) => loadDereferenced(id), 'last'],
] as const;

describe.each(layouts)('%s', (_layout, load, pick) => {
  describe.each(apiIds)('%s', (id) => {
    const api = catalog.get(id)!;
    // Frozen: each mutation edits its own copy of the path to the place it changes (copyAlong), and
    // an edit anywhere else throws instead of leaking into the next mutation.
    const document: Json = deepFreeze(load(id));

    it('passes unmutated', () => {
      expect(checkDocument(jsonView(document), api)).toEqual([]);
    });

    it.each(api.entries.map((entry): [string, Entry] => [entry.id, entry]))('reports each mutation of %s', (_id, entry) => {
      const mutations = mutationsFor(document, api, entry, pick);
      expect(mutations.length, 'at least one mutation per catalogue entry').toBeGreaterThan(0);
      const missed: string[] = [];
      for (const mutation of mutations) {
        const mutated = copyAlong(document, mutation.pointer);
        mutation.apply(mutated);
        // Only the checks of the entry's kind: whether this entry is reported does not depend on
        // the others, and checking all of them for each of some 2 500 mutations was most of the
        // file's time (issue 14).
        const violations = checkDocument(jsonView(mutated), api, { kinds: [entry.kind] });
        const reported = violations.some((v) => v.entry === entry.id && v.api === id && related(v.pointer, mutation.pointer));
        if (!reported) {
          const seen = violations.map((v) => `  ${v.entry} @ ${v.pointer}: ${v.found}`).join('\n') || '  (no violations)';
          missed.push(`${mutation.title} @ ${mutation.pointer}\n${seen}`);
        }
      }
      expect(missed, `mutations not reported as ${entry.id}`).toEqual([]);
    });
  });
});
