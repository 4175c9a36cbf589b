// Interface A's paths as this client takes them: the generated `paths`, with each integer path
// parameter taking a bigint too (`messageid`: number, int64, section 4.1; client-core's
// bigint-path-parameters.ts says why). The contract's meaning is unchanged: only integers, no strings.
import type { WithBigintPathParameters } from '@messaging-contracts/client-core';
import type { paths } from '@messaging-contracts/gateway-v1-types';

/** `paths` of gateway-v1 with `messageid` a `number | bigint`. */
export type GatewayPaths = WithBigintPathParameters<paths>;
