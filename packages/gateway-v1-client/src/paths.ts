// Interface A's paths as this client takes them: the generated `paths`, but for GET
// /messages/{messageid}, whose `messageid` (number, int64, section 4.1) takes a bigint too. A number
// cannot name an id beyond 2^53 - 1 (the literal is rounded before the client sees it); a bigint
// can, and is sent as its decimal digits, the same path segment the contract's number is. The
// contract's meaning is unchanged: only integers, no strings.
import type { paths } from '@messaging-contracts/gateway-v1-types';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type GetMessage = paths['/messages/{messageid}']['get'];

/** `paths` of gateway-v1 with `messageid` a `number | bigint`. */
export type GatewayPaths = Simplify<
  Omit<paths, '/messages/{messageid}'> & {
    '/messages/{messageid}': Simplify<
      Omit<paths['/messages/{messageid}'], 'get'> & {
        get: Simplify<
          Omit<GetMessage, 'parameters'> & {
            parameters: Simplify<Omit<GetMessage['parameters'], 'path'> & { path: { messageid: number | bigint } }>;
          }
        >;
      }
    >;
  }
>;
