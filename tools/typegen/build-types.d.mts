export declare function typesPackageDir(id: string): string;
export declare function bundlePath(id: string): string;
/** The `webhooks` declaration of a bundle (each a `$ref` to components.pathItems), or undefined without webhooks. */
export declare function webhooksDeclaration(document: unknown): string | undefined;
export declare function generateSchema(id: string, bundleFile?: string): Promise<string>;
/** `generated`: openapi-typescript ran (the file's fingerprint did not say it is up to date). */
export declare function buildTypesPackage(id: string, dir?: string, bundleFile?: string): Promise<{ target: string; changed: boolean; generated: boolean }>;
export function interfaceIds(): string[];
