export function pristineTemplate(build: (dir: string) => Promise<void>): Promise<string>;
