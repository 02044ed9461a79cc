#!/usr/bin/env node
/**
 * `npm test`: WeChat DevTools' code-quality scan (Tencent's miniprogram-ci, checkCodeQuality) on the built WeChat
 * mini-program, so a rule WeChat reports fails here first. Offline: the scan reads only the files and
 * project.config.json; miniprogram-ci's Project demands a private key anyway, which checkCodeQuality never reads
 * (its README says so): it gets a sentence saying so.
 *
 *   node scripts/check-weapp-quality.mjs [DIR]   (default dist/weapp, built first)
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const projectPath = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'weapp'))
const ci = createRequire(import.meta.url)('miniprogram-ci')

const project = new ci.Project({
  appid: JSON.parse(readFileSync(path.join(projectPath, 'project.config.json'), 'utf8')).appid,
  type: 'miniProgram',
  projectPath,
  privateKey: 'not read by checkCodeQuality'
})
const results = await ci.checkCodeQuality(project)
// The scan passes any truthy lazyCodeLoading; 'requiredComponents' is the one value WeChat defines.
const lazyCodeLoading = JSON.parse(readFileSync(path.join(projectPath, 'app.json'), 'utf8')).lazyCodeLoading
results.push({
  name: 'LAZYCODE_LOADING_VALUE',
  success: lazyCodeLoading === 'requiredComponents',
  text: `app.json lazyCodeLoading is ${JSON.stringify(lazyCodeLoading)}, WeChat's value is "requiredComponents"`
})

const failed = results.filter((r) => !r.success)
for (const r of results) console.log(`${r.success ? 'ok  ' : 'FAIL'}  ${r.name}${r.success ? '' : `: ${r.text}`}`)
if (failed.length) console.error(`\n${failed.length} WeChat code-quality rule(s) failed on ${path.relative(root, projectPath)}.`)
// miniprogram-ci leaves a file watcher open, so the process would not end by itself.
process.exit(failed.length ? 1 : 0)
