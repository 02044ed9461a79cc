export declare const serverDir: string;
export declare function nodeArgs(entry: string): string[];
