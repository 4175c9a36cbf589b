// A contract's integer path parameters, as the clients take them: a number, or a bigint. A number
// cannot name an id beyond 2^53 - 1 (the literal is rounded before the client sees it); a bigint
// can, and is sent as its decimal digits, the same path segment as the contract's integer (A's
// int64 `messageid`, D's unbounded `list_id` and `campaign_id`). Types only: derived from the
// generated `paths`, so a contract's new integer path parameter takes a bigint too.

/** Path parameters with every number one a `number | bigint`. */
export type BigintPathParameters<Path> = { [K in keyof Path]: Path[K] extends number ? Path[K] | bigint : Path[K] };

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type WithBigintPath<Operation> = Operation extends { parameters: { path: infer Path } }
  ? Simplify<Omit<Operation, 'parameters'> & { parameters: Simplify<Omit<Operation['parameters'], 'path'> & { path: BigintPathParameters<Path> }> }>
  : Operation;

/** Generated `paths` whose operations' integer path parameters take a bigint too. */
export type WithBigintPathParameters<Paths> = { [P in keyof Paths]: { [M in keyof Paths[P]]: M extends 'parameters' ? Paths[P][M] : WithBigintPath<Paths[P][M]> } };
