/**
 * Sign-up (/account/signup): a new e-mail account (clientRegistration), or, when a WeChat/Alipay identity
 * is pending, a new account that owns that identity (wechat/register, alipay/register).
 */
import { accountApi } from '@/api/account'
import { alipayApi } from '@/api/alipay'
import { wechatApi } from '@/api/wechat'
import { redirectAfterSignIn, validateSignUp, type SignUpValues } from '@/domain/accountForms'
import { platform } from '@/platform'
import { useSession } from '@/stores/session'
import { useAccountForm } from './useAccountForm'
import { forgetReferralId, keptReferralId } from '@/features/referral/useReferral'
import { useRoute } from './useRoute'
import { finishSignIn } from './useSignIn'

const EMPTY: SignUpValues = { firstName: '', lastName: '', emailID: '', password: '', confirmPassword: '' }

export function useSignUp() {
  const route = useRoute()
  const redirect = route.params.redirect
  const pendingIdentity = useSession((s) => s.pendingIdentity)
  // The confirmation page's Register brings the order's e-mail and name along.
  const { email, firstName, lastName } = route.params
  const form = useAccountForm<SignUpValues>({ ...EMPTY, emailID: email ?? '', firstName: firstName ?? '', lastName: lastName ?? '' }, validateSignUp)

  const submit = () =>
    form.submit(async (values) => {
      const registration = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        emailID: values.emailID.trim(),
        password: values.password,
        // the share link the visitor arrived through: the server attributes them to its owner (first referrer wins)
        ...(keptReferralId() ? { referrerID: keptReferralId() } : {})
      }
      if (pendingIdentity === 'wechat') {
        const answer = await wechatApi.register(registration)
        useSession.getState().setWeChatOpenId(answer.weChatOpenId)
        await finishSignIn(answer)
      } else if (pendingIdentity === 'alipay') {
        await finishSignIn(await alipayApi.register(registration))
      } else {
        await finishSignIn(await accountApi.register(registration))
      }
      forgetReferralId()
      platform.navigate(redirectAfterSignIn(redirect), 'replace')
    })

  return {
    form,
    submit,
    pendingIdentity,
    loginUrl: redirect ? `/account/login?redirect=${encodeURIComponent(redirect)}` : '/account/login'
  }
}
