// Interface B's paths as this client serves them: the generated `paths`, unchanged. Every body is
// JSON (the document's opening), the description's of `GET /openapi.yaml` too (section 4.2: no
// body schema, so its `data` is `unknown`).
import type { paths } from '@messaging-contracts/sms-v2-types';

export type SmsPaths = paths;
