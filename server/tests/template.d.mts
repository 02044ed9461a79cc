export function pristineTemplate(build: (dir: string) => Promise<void>): Promise<string>;
export function templateKey(): string;
