/** Issue 13: "App info's membership reflects it after payment without a reload" — the success view refreshes the signed-in fields. */
import { render, waitFor } from '@testing-library/react'
import ConfirmationPage from '@/pages/confirmation/index'
import { useAppInfo } from '@/stores/appInfo'
import { loggedInFixture, appInfoFixture } from '@tests/support/fixtures/appInfo'
import { cartOf } from '@tests/support/fixtures/catalog'
import { mockHttp } from '@tests/support/mockHttp'
import { LANGS, resetStores, setUrl } from '@tests/components/shell/shellTestKit'
import { memberDetail } from '@tests/components/members/membersTestKit'
import { sessionAnswer } from '@tests/components/account/accountTestKit'

const PAID = { orderID: '100001', status: 'NEW', paymentStatus: 'PAID_ONLINE', qrCodeScan: false }

describe.each(LANGS)('after a paid order (%s)', (lang) => {
  it('a signed-in shopper\'s app info gets the membership the payment granted', async () => {
    resetStores(loggedInFixture(), lang)
    const http = mockHttp({
      'GET /shoppingManagement4/myCart': cartOf(),
      'POST /shoppingManagement4/checkOttPaymentStatus': PAID,
      'GET /admin/userManagement/userInfo': { ...sessionAnswer, membership: memberDetail.membership }
    })
    setUrl('/confirmation?from_source=ott_h5X100001')
    render(<ConfirmationPage />)
    await waitFor(() => expect(useAppInfo.getState().info?.membership).toEqual(memberDetail.membership))
    expect(http.calls.filter((c) => c.path === '/admin/userManagement/userInfo')).toHaveLength(1)
  })

  it('a guest\'s success asks for no signed-in fields', async () => {
    resetStores(appInfoFixture(), lang)
    const http = mockHttp({ 'GET /shoppingManagement4/myCart': cartOf(), 'POST /shoppingManagement4/checkOttPaymentStatus': PAID })
    setUrl('/confirmation?from_source=ott_h5X100001')
    render(<ConfirmationPage />)
    await waitFor(() => expect(http.calls.some((c) => c.path === '/shoppingManagement4/myCart')).toBe(true))
    expect(http.calls.some((c) => c.path === '/admin/userManagement/userInfo')).toBe(false)
  })
})
