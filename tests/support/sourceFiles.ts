import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** Every file under `dir` (depth first) whose name passes `keep`, leaving out the folders `skipDir` names. */
export function filesUnder(dir: string, keep: (name: string) => boolean, skipDir: (dir: string) => boolean = () => false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return skipDir(file) ? [] : filesUnder(file, keep, skipDir)
    return keep(name) ? [file] : []
  })
}

/** A TypeScript source: .ts or .tsx. */
export const isTypeScript = (name: string): boolean => /\.tsx?$/.test(name)
