// The version bump each kind of change needs (semver, as changesets writes it).
import type { DiffType } from 'api-smart-diff';

export type Bump = 'major' | 'minor' | 'patch';

const rank: Record<Bump | 'none', number> = { none: 0, patch: 1, minor: 2, major: 3 };

/**
 * breaking: major; a non-breaking addition or a deprecation: minor; a documentation-only change:
 * patch. api-smart-diff leaves some changes unclassified; the gate cannot tell whether they break
 * a consumer, so it asks for a major bump (a choice of this tool: a false alarm costs a changeset,
 * a missed break costs consumers).
 */
export function bumpFor(type: DiffType): Bump {
  switch (type) {
    case 'breaking':
    case 'unclassified':
      return 'major';
    case 'non-breaking':
    case 'deprecated':
      return 'minor';
    case 'annotation':
      return 'patch';
  }
}

/**
 * Why the bump differs from the change's class before the first release (no tag
 * `@messaging-contracts/*@*`), said once by the gate and by the docs site's changelog pages.
 */
export const preReleaseRule = 'nothing is released to break, so a breaking change needs a minor changeset, not a major (a major would only raise the first version)';

/**
 * The bump the gate requires for a change, and `--write-changeset` writes: `bumpFor` once something
 * is released; before that, a major is a minor (`preReleaseRule`; CONTRIBUTING, "Changesets for
 * contract changes"). One function, so every line spec-diff prints names the same bump.
 */
export function requiredBump(type: DiffType, released: boolean): Bump {
  const bump = bumpFor(type);
  return !released && bump === 'major' ? 'minor' : bump;
}

/** Whether `given` (a changeset's bump, or none) is at least `needed`. */
export const covers = (given: Bump | 'none' | undefined, needed: Bump) => rank[given ?? 'none'] >= rank[needed];

export const highest = (bumps: Bump[]): Bump | undefined =>
  bumps.reduce<Bump | undefined>((a, b) => (a === undefined || rank[b] > rank[a] ? b : a), undefined);
