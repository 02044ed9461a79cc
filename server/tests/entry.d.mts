export declare const serverDir: string;
export declare function nodeArgs(entry: string): string[];
export declare function moduleUrl(entry: string): string;
