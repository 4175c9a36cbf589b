export declare function typesPackageDir(id: string): string;
export declare function schemaPath(id: string): string;
export declare function bundlePath(id: string): string;
export declare function generateSchema(id: string): Promise<string>;
export declare function buildTypesPackage(id: string): Promise<{ target: string; changed: boolean }>;
