import { apiOriginFor } from '../../config/apiOrigin'

describe('the API origin a build bakes in', () => {
  it.each(['weapp', 'alipay'])('a production %s build without an origin stops, saying how to set one', (target) => {
    expect(() => apiOriginFor({ TARO_ENV: target, NODE_ENV: 'production' })).toThrow(
      `ISTORE_API_ORIGIN must be the https origin of the API for a ${target} build`
    )
    expect(() => apiOriginFor({ TARO_ENV: target, NODE_ENV: 'production' })).toThrow(`ISTORE_API_ORIGIN=https://shop.example.com npm run build:${target}`)
  })

  it.each(['', 'http://shop.example.com', '/api', 'https://shop.example.com/api', 'shop.example.com'])(
    'a production mini-program build refuses the origin %p',
    (origin) => {
      expect(() => apiOriginFor({ TARO_ENV: 'weapp', NODE_ENV: 'production', ISTORE_API_ORIGIN: origin })).toThrow(/must be the https origin/)
    }
  )

  it('a mini-program build keeps an https origin, without a trailing slash', () => {
    expect(apiOriginFor({ TARO_ENV: 'alipay', NODE_ENV: 'production', ISTORE_API_ORIGIN: 'https://shop.test/' })).toBe('https://shop.test')
  })

  it('H5 defaults to its own origin, and a development mini-program build may leave it out', () => {
    expect(apiOriginFor({ TARO_ENV: 'h5', NODE_ENV: 'production' })).toBe('')
    expect(apiOriginFor({ TARO_ENV: 'weapp', NODE_ENV: 'development' })).toBe('')
  })
})
