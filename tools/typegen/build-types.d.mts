export declare function typesPackageDir(id: string): string;
export declare function schemaPath(id: string): string;
export declare function bundlePath(id: string): string;
/** The `webhooks` declaration of a bundle (each a `$ref` to components.pathItems), or undefined without webhooks. */
export declare function webhooksDeclaration(document: unknown): string | undefined;
export declare function generateSchema(id: string): Promise<string>;
export declare function buildTypesPackage(id: string): Promise<{ target: string; changed: boolean }>;
export function interfaceIds(): string[];
