// Compile-time checks of Exact (checked by `pnpm lint`'s tsc -b): a wrong field is refused at
// every depth, and a property the schema leaves open takes any value.
import type { Exact } from './strict-client.js';

type Shape = { operation: string; body?: unknown; nested?: { a: number }; list?: { b: string }[] };

// A value of Exact<Shape, Given> is assignable from Given exactly when Given has no field Shape lacks.
const exact = <Given>(given: Given & Exact<Shape, Given>) => given;

exact({ operation: 'x' });
// An open property: objects, strings and arrays all pass, whatever their keys.
exact({ operation: 'x', body: { code: 'not a number', deeper: { any: true } } });
exact({ operation: 'x', body: 'text' });
exact({ operation: 'x', body: [{ k: 1 }] });
exact({ operation: 'x', nested: { a: 1 }, list: [{ b: 'y' }] });
// @ts-expect-error `colour` is not a field of Shape
exact({ operation: 'x', colour: 'red' });
// @ts-expect-error `c` is not a field of nested
exact({ operation: 'x', nested: { a: 1, c: 2 } });
// @ts-expect-error `c` is not a field of list's items
exact({ operation: 'x', list: [{ b: 'y', c: 2 }] });
