export interface Interface {
  /** The repository's id: folder, bundle and package names. */
  id: string;
  /** The spec document's label (A, B, C, D). */
  letter: string;
  /** The document's "Name used here", without the parenthesised scope. */
  name: string;
  /** The parenthesised part of that cell. */
  scope: string;
  /** The document's base path, which the bundle's server URL ends with. */
  basePath: string;
}
export const repoRoot: string;
export function readInterfaces(root?: string): Interface[];
export function documentName(api: Interface): string;
export function typesPackage(id: string): string;
export function clientPackage(id: string): string;
export function generatedFiles(root?: string): { file: string; current: string; wanted: string }[];
export function outOfStep(root?: string): string[];
