import { inject } from 'vitest';
import type { PackedPackage } from '../pack.js';

/** The tarball of `name` from this run's global setup; throws with the build or pack error otherwise. */
export function packedPackage(name: string): PackedPackage {
  const outcome = inject('packed').find((entry) => (entry.ok ? entry.packed.name : entry.name) === name);
  if (!outcome) throw new Error(`${name} was not packed: it is not a publishable workspace package`);
  if (!outcome.ok) throw new Error(`${name} could not be packed: ${outcome.error}`);
  const buildError = inject('buildError');
  if (buildError) throw new Error(`turbo run build failed, so ${name}'s tarball may be stale or incomplete:\n${buildError}`);
  return outcome.packed;
}

/** Every packed publishable package's name, in workspace order (sorted by name). */
export function packedNames(): string[] {
  return inject('packed').map((entry) => (entry.ok ? entry.packed.name : entry.name));
}
