export { attwProfile, runAttw, type AttwResult } from './attw.js';
export { checkTarball, reportProblems, type TarballReport } from './check.js';
export { checkFileList, checkSourceMaps, manifestTargets } from './file-list.js';
export { checkManifest, usageExample } from './manifest.js';
export { fileText, packPackage, readTarball, type PackedPackage } from './pack.js';
export { buildPackages, packAll, type PackOutcome } from './pack-all.js';
export { runPublint } from './publint.js';
export { listWorkspacePackages, publishablePackages, readManifest, repoRoot, type Manifest, type WorkspacePackage } from './workspace.js';
