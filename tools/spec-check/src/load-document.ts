// Reads one document for the CLI. Anything that is not a readable, parsable OpenAPI 3 document is
// "unusable input" (exit 2), distinct from a document that breaks a documented rule (exit 1).
import { depthOf, maxDepth, readRegularFile } from './limits.js';
import { isObject, type Json, parseDocumentText } from './view.js';

export class UnusableInput extends Error {}

export function loadDocument(file: string): Json {
  let text: string;
  try {
    text = readRegularFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UnusableInput(`${file}: no such file`);
    if (code === 'ELOOP') throw new UnusableInput(`${file}: a symbolic link (give the file it names)`);
    throw new UnusableInput(`${file}: cannot read (${(error as Error).message.split('\n')[0]})`);
  }
  let document: Json;
  try {
    document = parseDocumentText(text, file);
  } catch (error) {
    const kind = file.endsWith('.json') ? 'JSON' : 'YAML';
    throw new UnusableInput(`${file}: cannot parse as ${kind}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (depthOf(document, maxDepth) > maxDepth) throw new UnusableInput(`${file}: nested deeper than ${maxDepth} levels (spec-check's limit)`);
  if (!isObject(document)) throw new UnusableInput(`${file}: not an OpenAPI document (the top level is not an object)`);
  if (typeof document.swagger === 'string') throw new UnusableInput(`${file}: a Swagger ${document.swagger} document, not OpenAPI 3`);
  if (typeof document.openapi !== 'string') throw new UnusableInput(`${file}: not an OpenAPI document (no "openapi" version field)`);
  if (!/^3\.\d+(\.\d+)?/.test(document.openapi)) throw new UnusableInput(`${file}: OpenAPI ${document.openapi} is not OpenAPI 3`);
  assertTopLevelShape(document, file);
  return document;
}

/**
 * The top-level fields the rules walk must have their OpenAPI types: a server without its required
 * `url` (`servers: [{}]`) or `paths: []` is not a document spec-check can read (exit 2).
 */
function assertTopLevelShape(document: Record<string, unknown>, file: string): void {
  for (const key of ['info', 'paths', 'components', 'webhooks']) {
    if (document[key] !== undefined && !isObject(document[key])) throw new UnusableInput(`${file}: "${key}" is not an object`);
  }
  const servers = document.servers;
  if (servers === undefined) return;
  if (!Array.isArray(servers)) throw new UnusableInput(`${file}: "servers" is not an array`);
  servers.forEach((server, index) => {
    if (!isObject(server) || typeof server.url !== 'string') throw new UnusableInput(`${file}: servers[${index}] has no "url" string (OpenAPI requires one)`);
  });
}
