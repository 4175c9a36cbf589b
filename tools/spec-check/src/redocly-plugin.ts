// The Redocly plugin: the same rules, run by `redocly lint` over the source files, so a violation is
// reported at its place in specs/<id>/... . Enabled in specs/redocly.yaml:
//   plugins: [../tools/spec-check/dist/redocly-plugin.js]
//   rules: { spec-check/schemas: error, spec-check/responses: error, spec-check/limits: error, spec-check/not-shown: error,
//            spec-check/described-limits: error }
// Each rule takes an optional `api` option (an interface id); without it the interface is the one
// whose base path is the document's server URL path.
import { loadCatalog } from './catalog.js';
import { checkDescribedLimits, checkDocument, RULE_GROUPS, type RuleGroup, type Violation, violationSource } from './check.js';
import { NestingTooDeep } from './limits.js';
import { detectApi } from './detect.js';
import type { DocumentView } from './view.js';

/** The parts of Redocly's Location and visitor context this plugin uses. */
interface Location {
  source: { absoluteRef: string };
  pointer: string;
  absolutePointer: string;
  child(key: string | number | Array<string | number>): Location;
}

interface RootContext {
  location: Location;
  resolve(node: unknown, from?: string): { location?: Location; node?: unknown; error?: Error };
  report(problem: { message: string; location: Location }): void;
}

/** A document view over Redocly's resolved documents: locations are Redocly's, in the source files. */
export function redoclyView(root: unknown, ctx: RootContext): DocumentView<Location> {
  return {
    root: { value: root, loc: ctx.location },
    child: (loc, key) => loc.child([key]),
    resolveRef(node) {
      const resolved = ctx.resolve(node.value, node.loc.source.absoluteRef);
      if (!resolved.location || resolved.node === undefined) {
        const ref = (node.value as { $ref?: string }).$ref;
        return { error: `cannot resolve $ref ${ref}${resolved.error ? `: ${resolved.error.message}` : ''}` };
      }
      return { value: resolved.node, loc: resolved.location };
    },
    key: (loc) => loc.absolutePointer,
    pointer: (loc) => `${loc.source.absoluteRef}${loc.pointer}`,
  };
}

/** Runs a check; a document nested too deep is one problem, not a crash of the lint. */
function guarded(ctx: RootContext, run: () => void): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof NestingTooDeep)) throw error;
    ctx.report({ message: `spec-check cannot check this document: ${error.message}`, location: ctx.location });
  }
}

function rule(group: RuleGroup) {
  return (options: { api?: string } = {}) => ({
    Root: {
      leave(root: unknown, ctx: RootContext) {
        const view = redoclyView(root, ctx);
        const report = (violations: Violation<Location>[]) => {
          for (const violation of violations) {
            ctx.report({
              message: `expected ${violation.expected}, found ${violation.found}: ${violationSource(violation)}, says "${violation.rule}"`,
              location: violation.loc,
            });
          }
        };
        // A description against its own keywords needs no catalogue: any document (the sandbox's
        // control API too) is checked, whichever interface it is or is not.
        if (group === 'described-limits') return guarded(ctx, () => report(checkDescribedLimits(view, options.api)));
        const catalog = loadCatalog();
        const api = options.api ?? detectApi(view, catalog);
        const entries = api === undefined ? undefined : catalog.get(api);
        if (!entries) {
          ctx.report({
            message: `spec-check cannot tell which interface this is (${api === undefined ? 'no server base path matches' : `unknown id "${api}"`}); known: ${[...catalog.keys()].join(', ')}`,
            location: ctx.location,
          });
          return;
        }
        guarded(ctx, () => report(checkDocument(view, entries, { kinds: RULE_GROUPS[group] })));
      },
    },
  });
}

export default function specCheckPlugin() {
  return {
    id: 'spec-check',
    rules: {
      oas3: Object.fromEntries(Object.keys(RULE_GROUPS).map((group) => [group, rule(group as RuleGroup)])),
    },
  };
}
