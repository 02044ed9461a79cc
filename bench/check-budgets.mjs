#!/usr/bin/env node
/**
 * `npm test` size gate: fails when the built H5 first-load JS (gzip), the back office's sign-in or desk load (gzip,
 * from dist/admin/sizes.json, written by npm run build:admin) or a WeChat/Alipay package is over its budget in
 * bench/budgets.json. Sizes of a given source are deterministic, so unlike timings
 * they can be a test. Needs dist/ built first (scripts/test.sh builds before calling this).
 *
 *   node bench/check-budgets.mjs [--dist DIR] [--budgets FILE]   (defaults: dist/, bench/budgets.json)
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { h5FirstLoad, miniPackages, PACKAGE_LIMIT_BYTES } from './lib/sizes.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'dist') },
    budgets: { type: 'string', default: path.join(root, 'bench', 'budgets.json') }
  }
})
const budgets = JSON.parse(readFileSync(args.budgets, 'utf8'))
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

const checks = []
const h5 = h5FirstLoad(path.join(args.dist, 'h5'))
checks.push({ what: 'H5 first-load JS (gzip)', size: h5.gzip, budget: budgets.h5.firstLoadJsGzip })
const adminSizes = path.join(args.dist, 'admin', 'sizes.json')
if (!existsSync(adminSizes)) throw new Error(`${adminSizes} is missing: run npm run build:admin first`)
const admin = JSON.parse(readFileSync(adminSizes, 'utf8'))
checks.push({ what: "back office's sign-in load (gzip)", size: admin.signIn.gzip, budget: budgets.admin.signInJsGzip })
checks.push({ what: "back office's desk load, sign-in included (gzip)", size: admin.desk.gzip, budget: budgets.admin.deskJsGzip })
for (const platform of ['weapp', 'alipay']) {
  const packages = miniPackages(path.join(args.dist, platform))
  const budget = budgets[platform]
  checks.push({ what: `${platform} main package`, size: packages.main, budget: Math.min(budget.mainPackage, PACKAGE_LIMIT_BYTES) })
  for (const sub of packages.subPackages) {
    checks.push({ what: `${platform} sub-package ${sub.root}`, size: sub.bytes, budget: Math.min(budget.subPackage, PACKAGE_LIMIT_BYTES) })
  }
}

let failed = 0
for (const { what, size, budget } of checks) {
  const over = size > budget
  if (over) failed++
  console.log(`${over ? 'OVER' : 'ok  '}  ${what}: ${kb(size)} of ${kb(budget)}${over ? ` (over by ${kb(size - budget)})` : ''}`)
}
if (failed) {
  console.error(`\n${failed} size budget(s) exceeded (bench/budgets.json).`)
  process.exit(1)
}
