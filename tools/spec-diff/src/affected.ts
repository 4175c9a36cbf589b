// Which published packages a contract change alters, derived from the workspace's dependency
// graph, so a package added later (validators, sandbox) is covered without editing a list here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { typesPackageOf } from './changesets.js';
import type { Json } from './diff.js';
import { UnusableInput } from './errors.js';

/** The published contract itself: every contract change is a change of this package. */
export const contractPackage = '@messaging-contracts/openapi';

export interface WorkspacePackage {
  name: string;
  private: boolean;
  /** Names of the workspace packages it depends on, of every kind (its build may generate from a dev one). */
  dependsOn: string[];
  /** Of those, the ones its published output uses: dependencies and peerDependencies. */
  runtimeDependsOn: string[];
}

/** Package folders the workspace's `packages:` globs name (`dir` or `dir/*`, what pnpm-workspace.yaml uses). */
function packageDirs(repoRoot: string): string[] {
  const file = join(repoRoot, 'pnpm-workspace.yaml');
  if (!existsSync(file)) throw new UnusableInput(`${file} not found: cannot tell which packages a contract change alters`);
  const globs: unknown = parse(readFileSync(file, 'utf8'))?.packages;
  if (!Array.isArray(globs)) throw new UnusableInput(`${file}: no "packages" list`);
  return globs.flatMap((glob) => {
    const pattern = String(glob);
    if (pattern.startsWith('!')) return [];
    if (!pattern.includes('*')) return [join(repoRoot, pattern)];
    if (!/^[^*]+\/\*$/.test(pattern)) throw new UnusableInput(`${file}: glob "${pattern}" is not "dir" or "dir/*" (spec-diff reads only those)`);
    const parent = join(repoRoot, pattern.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(parent, d.name));
  });
}

export function readWorkspace(repoRoot: string): WorkspacePackage[] {
  const manifests = packageDirs(repoRoot)
    .map((dir) => join(dir, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Json);
  const names = new Set(manifests.map((m) => m.name as string));
  const workspaceDeps = (...groups: Json[]) => [...new Set(groups.flatMap((deps) => Object.keys(deps ?? {})).filter((dep) => names.has(dep)))];
  return manifests.map((m) => ({
    name: m.name,
    private: m.private === true,
    dependsOn: workspaceDeps(m.dependencies, m.peerDependencies, m.devDependencies),
    runtimeDependsOn: workspaceDeps(m.dependencies, m.peerDependencies),
  }));
}

/**
 * The published packages whose output a change to interface `id` alters:
 * - the contract package;
 * - the interface's types package and every package that depends on it, directly (any kind: a
 *   build may generate from a dev dependency) or through what its dependencies publish (their
 *   runtime dependencies; a dependency's test-only dev dependencies do not change its output):
 *   its client, the webhooks for B and C, the sandbox through the clients;
 * - a package that depends on the contract package at run time (dependencies or peerDependencies:
 *   verify, the sandbox) reads every interface's bundle, whatever types it also reaches (verify
 *   reaches only B's and C's, through the webhooks, yet checks all four);
 * - a package that depends on the contract package directly but on no interface's types package
 *   and names none (validators): it derives from every interface.
 */
export function affectedPackages(workspace: WorkspacePackage[], id: string, ids: string[]): string[] {
  const byName = new Map(workspace.map((p) => [p.name, p]));
  const reaches = (from: WorkspacePackage, target: string): boolean => {
    const seen = new Set<string>();
    const stack = [...from.dependsOn];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (name === target) return true;
      if (seen.has(name)) continue;
      seen.add(name);
      stack.push(...(byName.get(name)?.runtimeDependsOn ?? []));
    }
    return false;
  };
  const interfacesOf = (p: WorkspacePackage) =>
    ids.filter((other) => p.name === typesPackageOf(other) || p.name.startsWith(`@messaging-contracts/${other}-`) || reaches(p, typesPackageOf(other)));
  return workspace
    .filter((p) => !p.private)
    .filter((p) => {
      if (p.name === contractPackage) return true;
      if (p.runtimeDependsOn.includes(contractPackage)) return true;
      const named = interfacesOf(p);
      if (named.length > 0) return named.includes(id);
      return p.dependsOn.includes(contractPackage);
    })
    .map((p) => p.name)
    .sort();
}
