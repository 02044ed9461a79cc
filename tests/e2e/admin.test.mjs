/**
 * The back office (issue 43) as staff use it, in en and zh, on a phone and a desktop: the owner signs in and sees the
 * owner's screens; the staff member marks a pickup order ready at the counter and the shopper's order page follows;
 * refunds part of a paid order (the sandbox provider accepts one refund); and is refused what only the owner may do.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { openContext, withStackAndBrowser } from './harness.mjs'
import { callApi, uniqueEmail, visible } from './steps.mjs'
import { adminApi, CLERK, OWNER, ownerAndClerk, shopperOrder, signInAtAdmin, WAIT } from './adminSteps.mjs'

const TEXT = {
  en: { email: 'E-mail', password: 'Password', signIn: 'Sign in', staff: 'Staff', activity: 'Activity', ready: 'Ready for pickup', refund: 'Refund…', refundOk: 'Refund', amount: /^Amount/, reason: 'Reason' },
  zh: { email: '邮箱', password: '密码', signIn: '登录', staff: '员工', activity: '操作记录', ready: '可取货', refund: '退款…', refundOk: '退款', amount: /^金额/, reason: '原因' }
}
const SHOPPER_READY = { en: 'Ready for pickup', zh: '待取货' }

let stack
let browser
withStackAndBrowser((startedStack, startedBrowser) => {
  stack = startedStack
  browser = startedBrowser
})

const withStaff = () => ownerAndClerk(stack)

describe('the back office', () => {
  it('the owner signs in on a desktop (en) and sees the staff list and the activity', async () => {
    await withStaff()
    const owner = await openContext(browser, { viewport: 'desktop', language: 'en' })
    try {
      const { page } = owner
      await signInAtAdmin(page, stack.baseUrl, OWNER, TEXT.en)
      await page.getByRole('menuitem', { name: TEXT.en.staff }).click(WAIT)
      await page.getByRole('cell', { name: CLERK }).waitFor(WAIT)
      await page.getByRole('menuitem', { name: TEXT.en.activity }).click(WAIT)
      await page.getByRole('cell', { name: /staff\.signin owner@shop\.example/ }).first().waitFor(WAIT)
      assert.deepEqual(owner.errors, [])
    } finally {
      await owner.context.close()
    }
  })

  for (const [language, viewport] of [['zh', 'phone'], ['en', 'desktop']]) {
    it(`the staff member (${language}, ${viewport}) marks a pickup order ready, the shopper's page follows; is refused the owner's screens`, async () => {
      await withStaff()
      const shopper = await openContext(browser, { viewport: 'phone', language })
      const clerk = await openContext(browser, { viewport, language })
      try {
        const orderID = await shopperOrder(shopper.page, shopper.context, stack.baseUrl, { email: uniqueEmail('pickup'), pay: 'store' })
        const { page } = clerk
        await signInAtAdmin(page, stack.baseUrl, CLERK, TEXT[language])
        await page.getByRole('link', { name: `#${orderID}` }).click(WAIT)
        await page.waitForURL(`${stack.baseUrl}/admin/orders/${orderID}`, WAIT)
        const moved = page.waitForResponse((r) => r.url().endsWith(`/orders/${orderID}/move`), WAIT)
        await page.getByRole('button', { name: TEXT[language].ready }).click(WAIT)
        assert.equal((await moved).status(), 200)
        await page.locator('[data-status="READY_FOR_PICKUP"]').first().waitFor(WAIT)
        await page.getByTestId('history-line').filter({ hasText: CLERK }).waitFor(WAIT)

        await shopper.page.goto(`${stack.baseUrl}/user/orders/${orderID}`)
        await visible(shopper.page, '.order-fact--status').getByText(SHOPPER_READY[language], { exact: true }).waitFor(WAIT)

        // Only the owner's: no menu entry, the page says no, and the server refuses the call itself.
        assert.equal(await page.getByRole('menuitem', { name: TEXT[language].staff }).count(), 0)
        await page.goto(`${stack.baseUrl}/admin/staff`)
        await page.getByText(/staff\.manage/).waitFor(WAIT)
        const refused = await adminApi(page, stack.baseUrl, 'GET', '/staff')
        assert.equal(refused.status, 403)
        assert.deepEqual([...shopper.errors, ...clerk.errors], [])
      } finally {
        await shopper.context.close()
        await clerk.context.close()
      }
    })
  }

  // Coupons in zh on a desktop (the owner's other journey above is en): the owner's new coupon is one a shopper's cart
  // takes at once (the shopper's own API, as the checkout calls it), and once ended the same call is refused.
  it('the owner (zh, desktop) adds a coupon a shopper\'s cart takes, ends it, and it is refused', async () => {
    await withStaff()
    const owner = await openContext(browser, { viewport: 'desktop', language: 'zh' })
    const shopper = await openContext(browser, { viewport: 'phone', language: 'zh' })
    const code = 'BACKOFFICE10'
    try {
      const { page } = owner
      await signInAtAdmin(page, stack.baseUrl, OWNER, TEXT.zh)
      await page.goto(`${stack.baseUrl}/admin/coupons`) // by address: the menu may fold it into its overflow
      const form = page.locator('form')
      await form.getByLabel('券码').fill(code, WAIT)
      await form.getByLabel('数值').fill('10', WAIT)
      await form.getByLabel('English').fill('10% off, from the back office', WAIT)
      await form.getByLabel('中文').fill('九折（后台新建）', WAIT)
      const created = page.waitForResponse((r) => r.url().endsWith('/api/istore/admin/coupons') && r.request().method() === 'POST', WAIT)
      await form.getByRole('button', { name: '添加' }).click(WAIT)
      assert.equal((await created).status(), 200)
      await page.getByTestId(`coupon-${code}`).filter({ hasText: '有效' }).waitFor(WAIT)

      const { page: shop, context } = shopper
      await callApi(shop, context, stack.baseUrl, 'POST', '/shoppingManagement4/myCart', { productId: '1012', quantity: 2 })
      const taken = await callApi(shop, context, stack.baseUrl, 'GET', `/shoppingManagement4/couponVerification/${code}`)
      assert.equal(taken.coupon?.code, code)

      const ended = page.waitForResponse((r) => r.url().includes(`/coupons/${code}`), WAIT)
      await page.getByRole('row').filter({ hasText: code }).getByRole('button', { name: '立即结束' }).click(WAIT)
      assert.equal((await ended).status(), 200)
      await page.getByTestId(`coupon-${code}`).filter({ hasText: '已结束' }).waitFor(WAIT)
      await callApi(shop, context, stack.baseUrl, 'POST', '/shoppingManagement4/removeCoupon')
      const xsrf = decodeURIComponent((await context.cookies(stack.baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '')
      const refused = await shop.request.get(`${stack.baseUrl}/api/istore/client/shoppingManagement4/couponVerification/${code}`, { headers: { 'X-XSRF-TOKEN': xsrf } })
      assert.equal(refused.status(), 400, await refused.text())
      assert.deepEqual([...owner.errors, ...shopper.errors], [])
    } finally {
      await owner.context.close()
      await shopper.context.close()
    }
  })

  it('the staff member refunds part of a paid order (zh, phone): one refund reaches the provider', async () => {
    await withStaff()
    const shopper = await openContext(browser, { viewport: 'phone', language: 'zh' })
    const clerk = await openContext(browser, { viewport: 'phone', language: 'zh' })
    try {
      const orderID = await shopperOrder(shopper.page, shopper.context, stack.baseUrl, { email: uniqueEmail('paid'), pay: 'online' })
      const { page } = clerk
      await signInAtAdmin(page, stack.baseUrl, CLERK, TEXT.zh)
      await page.goto(`${stack.baseUrl}/admin/orders/${orderID}`)
      await page.getByRole('button', { name: TEXT.zh.refund }).click(WAIT)
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel(TEXT.zh.amount).fill('1', WAIT)
      await dialog.getByLabel(TEXT.zh.reason).fill('少了一件', WAIT)
      const refunded = page.waitForResponse((r) => r.url().endsWith(`/orders/${orderID}/refund`), WAIT)
      await dialog.getByRole('button', { name: TEXT.zh.refundOk }).click(WAIT)
      const answer = await (await refunded).json()
      assert.equal(answer.refund.amount, 100)
      assert.equal(answer.repeated, false)
      await page.getByTestId('refunded').filter({ hasText: '1.00' }).waitFor(WAIT)
      // The refund worker sends it to the sandbox provider: one refund, accepted.
      const until = Date.now() + 30_000
      let order
      for (;;) {
        order = (await adminApi(page, stack.baseUrl, 'GET', `/orders/${orderID}`)).body
        if (order.refunds.every((r) => r.status === 'DONE') || Date.now() > until) break
        await page.waitForTimeout(250)
      }
      assert.deepEqual(order.refunds.map((r) => [r.amount, r.status]), [[100, 'DONE']])
      assert.equal(order.status, 'NEW', 'a part refund leaves the order where it was')
      assert.deepEqual([...shopper.errors, ...clerk.errors], [])
    } finally {
      await shopper.context.close()
      await clerk.context.close()
    }
  })
})
