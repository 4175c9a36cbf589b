// Whether two JSON values are equal whatever their key order: "the bundle differs from the base".
import type { Json } from './diff.js';

export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  // Depth is bounded by assertUsableBundle before any comparison.
  return keysA.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}
