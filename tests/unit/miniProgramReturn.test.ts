import { miniProgramReturn } from '@/domain/miniProgramReturn'

describe('spec "MP_paymentstatus OK with orderID confirms payment; FAIL with message reports the error and shows failure; missing status shows failure"', () => {
  it.each([
    [{ wmpoid: 'o1', MP_paymentstatus: 'OK', orderID: '55' }, { outcome: 'success', orderID: '55' }],
    [{ wmpoid: 'o1', MP_paymentstatus: 'ok', orderID: '55' }, { outcome: 'success', orderID: '55' }],
    [{ wmpoid: 'o1', MP_paymentstatus: 'FAIL', message: 'card declined' }, { outcome: 'failure', message: 'card declined' }],
    [{ wmpoid: 'o1', MP_paymentstatus: 'FAIL', orderID: '55' }, { outcome: 'failure' }],
    [{ wmpoid: 'o1', MP_paymentstatus: 'CANCEL', message: 'cancelled' }, { outcome: 'failure', message: 'cancelled' }],
    [{ wmpoid: 'o1', orderID: '55' }, { outcome: 'failure' }],
    [{ wmpoid: 'o1', MP_paymentstatus: '', orderID: '55' }, { outcome: 'failure' }]
  ])('%o → %o', (query, result) => {
    expect(miniProgramReturn(query)).toEqual(result)
  })
})

describe('spec "Mini-program return needs wmpoid, else \'no WechatOpenID\'; OK status needs orderID, else \'miniProgram OrderID error\'"', () => {
  it.each([
    [{ MP_paymentstatus: 'OK', orderID: '55' }, 'no WechatOpenID'],
    [{ wmpoid: '', MP_paymentstatus: 'OK', orderID: '55' }, 'no WechatOpenID'],
    [{}, 'no WechatOpenID'],
    [{ wmpoid: 'o1', MP_paymentstatus: 'OK' }, 'miniProgram OrderID error'],
    [{ wmpoid: 'o1', MP_paymentstatus: 'OK', orderID: '  ' }, 'miniProgram OrderID error']
  ])('%o → failure %p', (query, message) => {
    expect(miniProgramReturn(query)).toEqual({ outcome: 'failure', message })
  })
})
