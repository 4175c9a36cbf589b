// Interface D's paths as this client serves them: `{application_name}` starts every path of the
// contract (section 4.4) and is given once, in the client options, so it is dropped from the path
// templates and from each operation's path parameters; its integer path parameters take a bigint
// too (below). Everything else is the generated type.
import type { BigintPathParameters } from '@messaging-contracts/client-core';
import type { paths } from '@messaging-contracts/campaign-manager-v1-types';
import type { APPLICATION_NAME } from './contract.js';

type AppName = typeof APPLICATION_NAME;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

// D's ids are integers without a bound (section 2.4): an integer path parameter (`list_id`,
// `campaign_id`) takes a bigint too (client-core's bigint-path-parameters.ts).
type WithoutAppName<Params> = Params extends { path: infer Path }
  ? Simplify<
      Omit<Params, 'path'> &
        ([Exclude<keyof Path, AppName>] extends [never] ? { path?: never } : { path: BigintPathParameters<Omit<Path, AppName>> })
    >
  : Params;

type OperationWithoutAppName<Operation> = Operation extends { parameters: infer Params }
  ? Simplify<Omit<Operation, 'parameters'> & { parameters: WithoutAppName<Params> }>
  : Operation;

type PathItemWithoutAppName<Item> = {
  [K in keyof Item]: K extends 'parameters' ? WithoutAppName<Item[K]> : OperationWithoutAppName<Item[K]>;
};

/** `paths` of campaign-manager-v1 with `/{application_name}` taken off: `/lists`, `/lists/{list_id}`, ... */
export type CampaignManagerPaths = {
  [P in keyof paths as P extends `/{${AppName}}${infer Rest}` ? Rest : P]: PathItemWithoutAppName<paths[P]>;
};
