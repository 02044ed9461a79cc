/**
 * Order messages on WeChat (issue 41 item 4): which templates checkout asks for (a table of the pure rule), and the
 * WeChat adapter with wx.requestSubscribeMessage faked at its boundary: accepted ids answered, a refusal or a failure
 * answers none (and never throws: the order goes on).
 */
import { templatesToAsk, type OrderMessageTemplates } from '@/domain/orderMessages'
import { requestOrderMessages } from '@/platform/orderMessages.weapp'

const mockRequestSubscribeMessage = jest.fn()
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { requestSubscribeMessage: (o: unknown) => mockRequestSubscribeMessage(o) } }))

const ALL: OrderMessageTemplates = { confirmed: 'T-conf', readyForPickup: 'T-ready', outForDelivery: 'T-out', refunded: 'T-refund' }

describe('templatesToAsk', () => {
  it.each<[string, OrderMessageTemplates | undefined, '' | 'PICKUP' | 'DELIVERY' | 'EAT_IN', string[]]>([
    ['pickup: confirmed, ready, refunded', ALL, 'PICKUP', ['T-conf', 'T-ready', 'T-refund']],
    ['delivery: confirmed, out for delivery, refunded', ALL, 'DELIVERY', ['T-conf', 'T-out', 'T-refund']],
    ['eat-in: no fulfilment message', ALL, 'EAT_IN', ['T-conf', 'T-refund']],
    ['only what the shop set', { readyForPickup: 'T-ready' }, 'PICKUP', ['T-ready']],
    ['one template for several events is asked once', { confirmed: 'T-same', readyForPickup: 'T-same', refunded: 'T-same' }, 'PICKUP', ['T-same']],
    ['no templates', undefined, 'PICKUP', []],
    ['no method yet', { confirmed: 'T-conf' }, '', ['T-conf']]
  ])('%s', (_name, templates, method, want) => {
    expect(templatesToAsk(templates, method)).toEqual(want)
    expect(templatesToAsk(templates, method).length).toBeLessThanOrEqual(3)
  })
})

describe('requestOrderMessages (WeChat)', () => {
  beforeEach(() => mockRequestSubscribeMessage.mockReset())

  it('answers the templates the shopper accepted', async () => {
    mockRequestSubscribeMessage.mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', 'T-conf': 'reject', 'T-ready': 'accept', 'T-refund': 'ban' })
    await expect(requestOrderMessages(['T-conf', 'T-ready', 'T-refund'])).resolves.toEqual(['T-ready'])
    expect(mockRequestSubscribeMessage).toHaveBeenCalledWith(expect.objectContaining({ tmplIds: ['T-conf', 'T-ready', 'T-refund'] }))
  })

  it('a failure (not from a tap, the sheet switched off) answers none', async () => {
    mockRequestSubscribeMessage.mockRejectedValue({ errCode: 20004, errMsg: 'requestSubscribeMessage:fail' })
    await expect(requestOrderMessages(['T-ready'])).resolves.toEqual([])
  })

  it('asks nothing without templates, and never more than 3', async () => {
    await expect(requestOrderMessages([])).resolves.toEqual([])
    expect(mockRequestSubscribeMessage).not.toHaveBeenCalled()
    mockRequestSubscribeMessage.mockResolvedValue({})
    await requestOrderMessages(['a', 'b', 'c', 'd'])
    expect(mockRequestSubscribeMessage.mock.calls[0][0].tmplIds).toEqual(['a', 'b', 'c'])
  })
})
