export declare function exportedAliases(id: string): { aliases: Map<string, string>; comments: Map<string, string>; reexports: string[] };
export declare function expectedAliases(id: string): { name: string; type: string }[];
