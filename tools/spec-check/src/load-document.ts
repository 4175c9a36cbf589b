// Reads one document for the CLI. Anything that is not a readable, parsable OpenAPI 3 document is
// "unusable input" (exit 2), distinct from a document that breaks a documented rule (exit 1).
import { readFileSync, statSync } from 'node:fs';
import { isObject, type Json, parseDocumentText } from './view.js';

export class UnusableInput extends Error {}

export function loadDocument(file: string): Json {
  let text: string;
  try {
    if (!statSync(file).isFile()) throw new UnusableInput(`${file}: not a file`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof UnusableInput) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnusableInput(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read (${(error as Error).message})`);
  }
  let document: Json;
  try {
    document = parseDocumentText(text, file);
  } catch (error) {
    const kind = file.endsWith('.json') ? 'JSON' : 'YAML';
    throw new UnusableInput(`${file}: cannot parse as ${kind}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isObject(document)) throw new UnusableInput(`${file}: not an OpenAPI document (the top level is not an object)`);
  if (typeof document.swagger === 'string') throw new UnusableInput(`${file}: a Swagger ${document.swagger} document, not OpenAPI 3`);
  if (typeof document.openapi !== 'string') throw new UnusableInput(`${file}: not an OpenAPI document (no "openapi" version field)`);
  if (!/^3\.\d+(\.\d+)?/.test(document.openapi)) throw new UnusableInput(`${file}: OpenAPI ${document.openapi} is not OpenAPI 3`);
  return document;
}
