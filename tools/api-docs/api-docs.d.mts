export interface Package {
  name: string;
  description: string;
  dir: string;
  exports: Record<string, unknown>;
}
export interface Request {
  packages: Package[];
  /** The folder the reference is written to (replaced whole). */
  out: string;
  /** A folder for the last reference built, reused while its inputs are the same. */
  cache: string;
  title: string;
  /** A link in every page's header; href relative to the folder above `out`. */
  home: { label: string; href: string };
}
export interface Result {
  /** Every page, relative to `out`, with forward slashes. */
  pages: string[];
  /** Each module (import path) and its page, relative to `out`. */
  modules: Record<string, string>;
  cached: boolean;
}
export function entryPointsOf(pkg: Package): { module: string; declarations: string }[];
export function cacheKey(request: Request): string;
export function buildApiReference(request: Request): Promise<Result>;
export function withoutLinksInSummaries(html: string): string;
