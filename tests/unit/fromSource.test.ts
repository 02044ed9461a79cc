import { FROM_SOURCES, orderIdFromQuery, parseFromSource } from '@/domain/fromSource'

describe('spec "from_source values select the provider return flow: opay_h5, snappay_h5, iot_h5, weixin_h5, weixin_js, citcon_classic_h5, ott_h5"', () => {
  it('knows exactly those providers, and PayPal’s return (paypal_h5, shared/hostedChannels.ts)', () => {
    expect([...FROM_SOURCES].sort()).toEqual(['opay_h5', 'snappay_h5', 'iot_h5', 'weixin_h5', 'weixin_js', 'citcon_classic_h5', 'ott_h5', 'paypal_h5'].sort())
  })

  it.each(FROM_SOURCES.map((p) => [p]))('%s with an order id after the marker', (provider) => {
    expect(parseFromSource(`${provider}X1234`)).toEqual({ ok: true, provider, orderID: '1234' })
  })
})

describe('spec "The order id follows a marker letter X inside the value" / "else error \'orderID error\'"', () => {
  it.each([
    ['ott_h5X1234', { ok: true, provider: 'ott_h5', orderID: '1234' }],
    ['citcon_classic_h5XAB12', { ok: true, provider: 'citcon_classic_h5', orderID: 'AB12' }],
    // the first X after the provider is the marker; later X belong to the id
    ['opay_h5X12X34', { ok: true, provider: 'opay_h5', orderID: '12X34' }],
    // lowercase x is not the marker
    ['snappay_h5x99', { ok: false, error: 'orderID error' }],
    ['iot_h5X', { ok: false, error: 'orderID error' }],
    ['iot_h5X  ', { ok: false, error: 'orderID error' }],
    ['weixin_h5', { ok: false, error: 'orderID error' }],
    ['alipay_h5X12', { ok: false, error: 'unknown source' }],
    ['X12', { ok: false, error: 'unknown source' }],
    ['', { ok: false, error: 'unknown source' }],
    [undefined, { ok: false, error: 'unknown source' }]
  ])('%p → %o', (value, result) => {
    expect(parseFromSource(value)).toEqual(result)
  })
})

describe('spec "any result (ok, cancel, fail) redirects to the confirmation page with from_source=weixin_js, status=ok and the oid"', () => {
  it.each([
    [{ from_source: 'weixin_js', status: 'ok', oid: '777' }, { ok: true, provider: 'weixin_js', orderID: '777' }],
    [{ from_source: 'weixin_js', oid: '777' }, { ok: true, provider: 'weixin_js', orderID: '777' }],
    [{ from_source: 'weixin_jsX555', oid: '777' }, { ok: true, provider: 'weixin_js', orderID: '555' }],
    [{ from_source: 'weixin_js', status: 'ok' }, { ok: false, error: 'orderID error' }],
    [{ from_source: 'weixin_js', oid: ' ' }, { ok: false, error: 'orderID error' }],
    // oid only counts for the WeChat in-app flow
    [{ from_source: 'ott_h5', oid: '777' }, { ok: false, error: 'orderID error' }],
    [{ from_source: 'ott_h5X12' }, { ok: true, provider: 'ott_h5', orderID: '12' }],
    [{ oid: '777' }, { ok: false, error: 'unknown source' }]
  ])('%o → %o', (query, result) => {
    expect(orderIdFromQuery(query)).toEqual(result)
  })
})
