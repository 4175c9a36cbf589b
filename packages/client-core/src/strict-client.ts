// openapi-fetch infers each call's options as a type parameter, so TypeScript's excess-property
// check never runs on them: `body: { content, destination, colour: 'red' }` compiles. The clients
// promise that a wrong field fails at compile time, so their methods check the inferred `body`
// and `params` against the operation's shapes, property by property, at every depth. Types only:
// the runtime client is openapi-fetch's.
import type { Client, FetchOptions, FetchResponse } from 'openapi-fetch';
import type { FilterKeys, HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';

/**
 * `Given` with every property that `Shape` lacks typed `never`, recursively through objects and
 * arrays. A shape the schema leaves open (`unknown`: a property with no type, such as a fault's
 * `body` in the sandbox's control API) takes anything: without the first test, `NonNullable<unknown>`
 * is `{}`, an object with no keys, and every property given there became `never`.
 */
export type Exact<Shape, Given> = unknown extends Shape
  ? Given
  : [Given] extends [readonly (infer GivenItem)[]]
    ? [NonNullable<Shape>] extends [readonly (infer ShapeItem)[]]
      ? Exact<ShapeItem, GivenItem>[]
      : Given
    : [Given] extends [object]
      ? [NonNullable<Shape>] extends [object]
        ? { [K in keyof Given]: K extends keyof NonNullable<Shape> ? Exact<NonNullable<Shape>[K], Given[K]> : never }
        : Given
      : Given;

export type Checked<Init, Options> = Init & {
  [K in keyof Init as K extends 'body' | 'params' ? K : never]: K extends keyof Options ? Exact<Options[K], Init[K]> : never;
};

// As openapi-fetch's (unexported) InitParam: the options argument is required exactly when the
// operation has a required parameter or body.
export type InitParam<Init> = RequiredKeysOf<Init> extends never
  ? [(Init & { [key: string]: unknown })?]
  : [Init & { [key: string]: unknown }];

// The operation of Path under Method (FilterKeys needs no constraint on its arguments, so this
// works for openapi-typescript's `paths` interfaces, which have no index signature).
export type Operation<Paths, Path extends keyof Paths, Method extends HttpMethod> = FilterKeys<Paths[Path], Method>;

// As openapi-fetch's MaybeOptionalInit.
export type MaybeOptionalInit<O> = RequiredKeysOf<FetchOptions<O>> extends never ? FetchOptions<O> | undefined : FetchOptions<O>;

export type Response<O, Init, Media extends MediaType> = O extends Record<string | number, any> ? FetchResponse<O, Init, Media> : never;

export type StrictMethod<Paths extends {}, Method extends HttpMethod, Media extends MediaType> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Operation<Paths, Path, Method>>,
>(
  url: Path,
  ...init: InitParam<Checked<Init, FetchOptions<Operation<Paths, Path, Method>>>>
) => Promise<Response<Operation<Paths, Path, Method>, Init, Media>>;

/** openapi-fetch's Client, with exact request bodies and parameters. */
export interface StrictClient<Paths extends {}, Media extends MediaType = MediaType>
  extends Omit<Client<Paths, Media>, HttpMethodName> {
  GET: StrictMethod<Paths, 'get', Media>;
  PUT: StrictMethod<Paths, 'put', Media>;
  POST: StrictMethod<Paths, 'post', Media>;
  DELETE: StrictMethod<Paths, 'delete', Media>;
  OPTIONS: StrictMethod<Paths, 'options', Media>;
  HEAD: StrictMethod<Paths, 'head', Media>;
  PATCH: StrictMethod<Paths, 'patch', Media>;
  TRACE: StrictMethod<Paths, 'trace', Media>;
}

type HttpMethodName = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

/**
 * The interface a client is of, in its type alone (nothing is set at run time): each client
 * package's types carry their interface's id (`'gateway-v1'`, `'sms-v2'`, ...). Every client package
 * exports a `throwOnError`, and TypeScript 7 took any interface's client for any other's
 * (`StrictClient<A>` for `StrictClient<B>`: TypeScript 5.9 refused it), typing B's answers as A's;
 * the ids differ, so no compiler takes one for another. The validators' `withValidation` reads the
 * id by this name, to refuse another interface's validators.
 */
export interface OfInterface<Id extends string> {
  readonly '~interface'?: Id | undefined;
}
