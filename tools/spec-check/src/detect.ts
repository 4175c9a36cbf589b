// Which interface a document is, when nobody says: the catalogue interface whose base path is the
// path of the document's server URL.
import type { Catalog } from './catalog.js';
import { normalisePath, serverBasePaths } from './places.js';
import type { DocumentView } from './view.js';
import { get } from './view.js';

export function detectApi<L>(view: DocumentView<L>, catalog: Catalog): string | undefined {
  const bases = serverBasePaths(get(view, view.root, 'servers')).map(normalisePath);
  const matches = [...catalog.values()].filter((api) => bases.includes(normalisePath(api.basePath)));
  return matches.length === 1 ? matches[0]!.api : undefined;
}
