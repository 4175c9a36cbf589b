import { readFile } from 'node:fs/promises';
import { attwProfile, runAttw, type AttwResult } from './attw.js';
import { checkDeclarationReferences } from './declaration-references.js';
import { checkFileList, checkSourceMaps } from './file-list.js';
import { checkManifest } from './manifest.js';
import { fileText, readTarball, type PackedPackage } from './pack.js';
import { runPublint } from './publint.js';
import { checkReadmePaths, repositoryWebOf } from './readme-paths.js';
import { baseBranch, type Manifest, repoRoot } from './workspace.js';

export interface TarballReport {
  name: string;
  /** The package.json inside the tarball (ranges rewritten by pnpm pack). */
  manifest: Manifest;
  fileList: string[];
  sourceMaps: string[];
  /** `.d.ts` files naming a TypeScript file the tarball does not ship (declaration-references.ts). */
  declarationReferences: string[];
  publishing: string[];
  publint: string[];
  attw: AttwResult;
  /** Paths the README cites that the tarball does not ship, and monorepo-only commands (readme-paths.ts). */
  readme: string[];
}

/** Every check of one packed tarball. Each list is empty when that check passes. */
export async function checkTarball(packed: PackedPackage): Promise<TarballReport> {
  const contents = await readTarball(packed.tarball);
  const manifestText = fileText(contents, 'package.json');
  if (manifestText === undefined) throw new Error(`${packed.tarball} has no package.json`);
  const manifest = JSON.parse(manifestText) as Manifest;
  const bytes = new Uint8Array(await readFile(packed.tarball));
  return {
    name: packed.name,
    manifest,
    fileList: checkFileList(manifest, packed.files),
    sourceMaps: checkSourceMaps(contents),
    declarationReferences: checkDeclarationReferences(contents),
    publishing: checkManifest(manifest, packed.relativeDir, fileText(contents, 'README.md')),
    publint: await runPublint(bytes),
    attw: await runAttw(bytes),
    readme: readmeProblems(manifest, packed, fileText(contents, 'README.md')),
  };
}

function readmeProblems(manifest: Manifest, packed: PackedPackage, readme: string | undefined): string[] {
  if (readme === undefined) return []; // checkManifest reports it
  const repositoryWeb = repositoryWebOf(manifest.repository);
  if (repositoryWeb === undefined) return []; // checkManifest reports it
  return checkReadmePaths(readme, { files: packed.files, relativeDir: packed.relativeDir, repoRoot, repositoryWeb, branch: baseBranch() });
}

/** All problems of a report, each prefixed with the check that found it. */
export function reportProblems(report: TarballReport): string[] {
  return [
    ...report.fileList.map((line) => `files: ${line}`),
    ...report.sourceMaps.map((line) => `source maps: ${line}`),
    ...report.declarationReferences.map((line) => `declarations: ${line}`),
    ...report.publishing.map((line) => `package.json: ${line}`),
    ...report.publint.map((line) => `publint: ${line}`),
    ...report.attw.problems.map((line) => `attw (${attwProfile.name}): ${line}`),
    ...report.readme.map((line) => `readme: ${line}`),
  ];
}
