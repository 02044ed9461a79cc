export declare const serverDir: string;
export declare function nodeArgs(entry: string): string[];
export declare function moduleUrl(entry: string): string;
export declare const TEST_NODE_FLAGS: string[];
