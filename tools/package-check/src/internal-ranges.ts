// The ranges a published package gives its dependencies inside our scope, as the tarball holds them
// (pnpm pack rewrites `workspace:^` to `^<version>`, `workspace:*` to `<version>`).
//
// client-core is a caret range: it is code with a semver API of its own, and its classes
// (ClientNetworkError, ResponseError) must be one copy in a project, or `instanceof` fails across
// clients. With carets npm installs one copy for every client, whichever of them was released
// last, and changesets releases no client for a client-core minor or patch (the range holds it).
//
// Everything else is exact: the contract's packages (openapi, the -types, validators) and those
// reading them at run time (sandbox, webhooks, verify) must come from one contract release. A
// sandbox resolved against a newer bundle with an added operation refuses to start ("no handler
// for <route>"), and the verifier reads operations from one package and validators from another.
// ARCHITECTURE.md, "Choices that differ from DESIGN.md".
import type { Manifest } from './workspace.js';

export const SCOPE = '@messaging-contracts/';

/** Our packages that dependents take by caret range; every other one of ours is pinned exactly. */
export const CARET_DEPENDENCIES: readonly string[] = [`${SCOPE}client-core`];

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** Problems with a packed manifest's ranges on our own packages. */
export function checkInternalRanges(manifest: Manifest): string[] {
  const problems: string[] = [];
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest[field];
    if (!deps || typeof deps !== 'object') continue;
    for (const [name, range] of Object.entries(deps as Record<string, unknown>)) {
      if (!name.startsWith(SCOPE) || typeof range !== 'string' || range.startsWith('workspace:')) continue; // a workspace: range left is reported on its own
      const caret = CARET_DEPENDENCIES.includes(name);
      if (caret && !/^\^\d+\.\d+\.\d+$/.test(range)) problems.push(`${field}.${name} is "${range}", not a caret range: declare it "workspace:^" (one copy of its classes in a project)`);
      if (!caret && !/^\d+\.\d+\.\d+$/.test(range)) problems.push(`${field}.${name} is "${range}", not an exact version: declare it "workspace:*" (one contract release)`);
    }
  }
  return problems;
}
