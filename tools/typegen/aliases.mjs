// Test support for the types packages: what each package's src/index.d.ts must export,
// derived from the bundle, and what it does export, read with the TypeScript parser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { bundlePath, typesPackageDir } from './build-types.mjs';

/**
 * `export type X = <text>` declarations of src/index.d.ts, as name -> type text, and the JSDoc
 * comment above each (name -> its text, one line), which is what an editor shows for the short name.
 */
export function exportedAliases(id) {
  const file = join(typesPackageDir(id), 'src', 'index.d.ts');
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const aliases = new Map();
  const comments = new Map();
  const reexports = [];
  for (const statement of source.statements) {
    const exported = ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isTypeAliasDeclaration(statement) && exported) {
      aliases.set(statement.name.text, statement.type.getText(source).replace(/\s+/g, ' '));
      const jsDoc = (ts.getLeadingCommentRanges(text, statement.pos) ?? []).filter((range) => text.startsWith('/**', range.pos)).pop();
      if (jsDoc) comments.set(statement.name.text, text.slice(jsDoc.pos + 3, jsDoc.end - 2).replace(/^\s*\* ?/gm, '').replace(/\s+/g, ' ').trim());
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      reexports.push(...statement.exportClause.elements.map((e) => e.name.text));
    }
  }
  return { aliases, comments, reexports };
}

/**
 * One row per schema of the bundle: the alias it must have. A schema with a readOnly property is
 * named through Readable<> (the shape as received); if it is also a request body, `<Name>Input`
 * names the Writable<> shape a request carries.
 */
export function expectedAliases(id) {
  const document = JSON.parse(readFileSync(bundlePath(id), 'utf8'));
  const schemas = document.components?.schemas ?? {};
  const requestBodySchemas = new Set();
  const refName = (ref) => ref?.split('/').pop();
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      let body = operation?.requestBody;
      if (body?.$ref) body = document.components.requestBodies[refName(body.$ref)];
      for (const media of Object.values(body?.content ?? {})) {
        if (media.schema?.$ref) requestBodySchemas.add(refName(media.schema.$ref));
      }
    }
  }
  const rows = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const hasReadOnly = Object.values(schema.properties ?? {}).some((p) => p.readOnly === true);
    rows.push({ name, type: hasReadOnly ? `Readable<Schemas['${name}']>` : `Schemas['${name}']` });
    if (hasReadOnly && requestBodySchemas.has(name)) {
      rows.push({ name: `${name}Input`, type: `Writable<Schemas['${name}']>` });
    }
  }
  return rows;
}
