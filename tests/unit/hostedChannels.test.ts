/**
 * The hosted payment channels are one table (shared/hostedChannels.ts, issue 44 item 3), and every list of channels
 * is that table: a channel in one list and not another fails here. The server's routes are held through the OpenAPI
 * document it generates from them (contract/openapi.json; server/tests/contract.test.ts holds the document to the
 * running server): each row's request and status check is a route of it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { H5_PAYMENT_CHANNELS, PAYMENT_CHANNELS } from '@contract/constants'
import { CHANNEL_METHODS, FROM_SOURCES, HOSTED_CHANNELS, IN_APP_RETURN, isHostedChannel, returnPath, STATUS_CHECKS, type HostedChannel } from '@shared/hostedChannels'
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from '@shared/paymentMethods'
import { alternateConfirmationSource, confirmationSource } from '@/domain/confirmationSource'

const rows = Object.entries(HOSTED_CHANNELS) as [string, HostedChannel][]
const openapi = JSON.parse(fs.readFileSync(path.join(__dirname, '../../contract/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> }
/** The document's path of a route under /shoppingManagement4 (':kind' is written '{kind}'). */
const documented = (route: string) => `/shoppingManagement4/${route.replace(/:(\w+)/g, '{$1}')}`

describe('one row per hosted channel', () => {
  it('has a row for each of the contract\'s hosted channels, in their order, and none else', () => {
    expect(rows.map(([c]) => c)).toEqual([...H5_PAYMENT_CHANNELS])
    for (const c of H5_PAYMENT_CHANNELS) expect(isHostedChannel(c)).toBe(true)
    for (const c of PAYMENT_CHANNELS.filter((x) => !(H5_PAYMENT_CHANNELS as readonly string[]).includes(x))) expect(isHostedChannel(c)).toBe(false)
  })
  it('gives every channel of the contract its methods, each a method with a name in both languages', () => {
    expect(Object.keys(CHANNEL_METHODS).sort()).toEqual([...PAYMENT_CHANNELS].sort())
    for (const [channel, methods] of Object.entries(CHANNEL_METHODS)) {
      expect(methods.length).toBeGreaterThan(0)
      for (const m of methods) {
        expect(PAYMENT_METHODS).toContain(m)
        expect(PAYMENT_METHOD_NAMES.en[m]).toBeTruthy()
        expect(PAYMENT_METHOD_NAMES.zh[m]).toBeTruthy()
      }
      if (isHostedChannel(channel)) expect(methods).toBe((HOSTED_CHANNELS[channel] as HostedChannel).methods)
    }
  })
})

describe('each row, read by both sides', () => {
  it.each(rows)('%s: its request is a route of the server, by its method', (_, row) => {
    const route = documented(row.request.route ?? row.request.path)
    expect(openapi.paths[route]?.[row.request.method.toLowerCase()]).toBeDefined()
    if (row.request.route) {
      // A shared route: the row's path is one of its concrete addresses.
      const pattern = new RegExp(`^${row.request.route.replace(/:\w+/g, '[^/]+')}$`)
      expect(row.request.path).toMatch(pattern)
    }
  })
  it.each(rows)('%s: its status check is a POST route of the server', (_, row) => {
    expect(openapi.paths[documented(row.statusCheck)]?.post).toBeDefined()
    expect(STATUS_CHECKS[row.returnPage.source as keyof typeof STATUS_CHECKS]).toBe(row.statusCheck)
  })
  it.each(rows)('%s: the page it returns to checks its payment with its provider', (channel, row) => {
    const back = returnPath(channel as (typeof H5_PAYMENT_CHANNELS)[number], '1042')
    const url = new URL(back, 'https://shop.example')
    if (row.returnPage.byPath) {
      expect(url.pathname).toBe(`/confirmationa/${row.returnPage.source}/1042`)
      expect(FROM_SOURCES).not.toContain(row.returnPage.source)
      const [, , type, orderID] = url.pathname.split('/')
      expect(alternateConfirmationSource({ type, order_id: orderID })).toEqual({ kind: 'check', provider: row.returnPage.source, orderID: '1042' })
    } else {
      expect(url.pathname).toBe('/confirmation')
      expect(FROM_SOURCES).toContain(row.returnPage.source)
      expect(confirmationSource({ from_source: url.searchParams.get('from_source') ?? '' })).toEqual({ kind: 'check', provider: row.returnPage.source, orderID: '1042' })
    }
  })
  it('knows no from_source or status check without a row, but WeChat\'s in-app return', () => {
    const sources = new Set(rows.map(([, r]) => r.returnPage.source))
    expect(FROM_SOURCES.filter((s) => !sources.has(s))).toEqual([IN_APP_RETURN.source])
    expect(Object.keys(STATUS_CHECKS).filter((s) => !sources.has(s))).toEqual([IN_APP_RETURN.source])
    expect(openapi.paths[documented(IN_APP_RETURN.statusCheck)]?.post).toBeDefined()
  })
})
