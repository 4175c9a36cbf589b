import {
  checkPackage,
  createPackageFromTarballData,
  type Analysis,
  type Problem,
  type ResolutionKind,
} from '@arethetypeswrong/core';
import { problemAffectsResolutionKind, problemKindInfo } from '@arethetypeswrong/core/problems';
import { allResolutionKinds } from '@arethetypeswrong/core/utils';

/**
 * The attw profile: the CLI's `--profile esm-only`. The packages are ESM-only on purpose
 * (`"type": "module"`, no `require` condition, Node >= 20.19), so two resolution modes are out of
 * scope: `node10` (TypeScript's legacy `moduleResolution: node`, which ignores `exports`;
 * deprecated in TypeScript 5.x and gone in 7) and `node16-cjs` (a CommonJS file importing the
 * package: attw reports `CJSResolvesToESM`, which is the deliberate design). `node16-esm` and
 * `bundler` are checked in full.
 */
export const attwProfile = {
  name: 'esm-only',
  ignoreResolutions: ['node10', 'node16-cjs'] as readonly ResolutionKind[],
};

export interface AttwResult {
  /** Whether the package ships types at all (the JSON-only `openapi` package does not). */
  typed: boolean;
  /** One line per problem in a checked resolution mode; empty when clean. */
  problems: string[];
  /** The problems the profile leaves out, because they only affect `node10` or `node16-cjs`. */
  ignored: string[];
}

/** @arethetypeswrong/core's checkPackage over a packed tarball, filtered by {@link attwProfile}. */
export async function runAttw(tarball: Uint8Array): Promise<AttwResult> {
  const result = await checkPackage(createPackageFromTarballData(tarball));
  if (result.types === false) return { typed: false, problems: [], ignored: [] };
  const analysis = result as Analysis;
  const checked = allResolutionKinds.filter((kind) => !attwProfile.ignoreResolutions.includes(kind));
  const inScope = (problem: Problem): boolean => checked.some((kind) => problemAffectsResolutionKind(problem, kind, analysis));
  return {
    typed: true,
    problems: analysis.problems.filter(inScope).map(describe),
    ignored: analysis.problems.filter((problem) => !inScope(problem)).map(describe),
  };
}

function describe(problem: Problem): string {
  const where = [
    'entrypoint' in problem ? `entrypoint ${problem.entrypoint}` : undefined,
    'resolutionKind' in problem ? problem.resolutionKind : undefined,
    'resolutionOption' in problem ? `${problem.resolutionOption} resolution` : undefined,
    'fileName' in problem ? problem.fileName : undefined,
    'typesFileName' in problem ? problem.typesFileName : undefined,
    'implementationFileName' in problem ? problem.implementationFileName : undefined,
  ].filter(Boolean);
  return `${problem.kind} (${problemKindInfo[problem.kind].title}) ${where.join(', ')}`;
}
