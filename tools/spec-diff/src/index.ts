export { type BaseBundles, bundlesAt } from './base-bundles.js';
export { type BaseRef, commitOf, releaseTagPattern, resolveBaseRef } from './base-ref.js';
export { majorBumps, typesPackageOf } from './changesets.js';
export { breakingOnly, type Change, diffContract, type Json, toPointer } from './diff.js';
export { UnusableInput } from './errors.js';
export { type Comparison, evaluate, type GateOptions, type Outcome, runGate } from './gate.js';
export { main } from './main.js';
export { classify, type Effect, effectOf, type Flow, keywordOf, locate, verdict } from './policy.js';
