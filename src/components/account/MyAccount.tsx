import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import { messageOf } from '@/domain/errors'
import { signOut } from '@/hooks/useAccount'
import { useT } from '@/hooks/useT'
import { MyCoupons } from '@/components/coupons/MyCoupons'
import { AddressBook } from './AddressBook'
import { BusyButton } from './BusyButton'
import { EmailConfirmationNotice } from './EmailConfirmation'
import { FormError } from './Field'
import { Profile } from './Profile'
import { RecentOrders } from './RecentOrders'
import { StoreCreditPanel } from './StoreCreditPanel'
import { TextLink } from './TextLink'
import { VerifiedContactPanel } from './VerifiedContactPanel'
import { WeChatBindingPanel } from './WeChatBindingPanel'
import '@/features/referral/i18n'
import '@/features/memberships/i18n'
import './AccountPage.scss'
import './MyAccount.scss'
import { INFLUENCERS_URL, MY_INFLUENCER_URL } from '@/features/influencers/urls'
import '@/features/influencers/i18n'

/** /user/list: profile, links (orders, membership…), recent orders, addresses, store credit, coupons, verified contact, password and sign-out. */
export function MyAccount() {
  const t = useT()
  const [signOutError, setSignOutError] = useState<string | null>(null)
  const [signingOut, setSigningOut] = useState(false)
  const onSignOut = async () => {
    setSigningOut(true)
    setSignOutError(null)
    try {
      await signOut()
    } catch (err) {
      setSignOutError(messageOf(err))
      setSigningOut(false)
    }
  }

  return (
    <View className="account-page my-account">
      <Text className="account-page__title">{t('user.title')}</Text>
      <Profile />
      <EmailConfirmationNotice />
      <View className="my-account__section my-account__links">
        <TextLink to="/user/orders" label={t('user.orders.title')} className="my-account__orders-link" />
        <TextLink to="/user/membership" label={t('members.title')} className="my-account__membership-link" />
        <TextLink to="/user/referrer" label={t('referral.title')} className="my-account__referrer-link" />
        <TextLink to="/account/reset" label={t('account.reset.changeTitle')} />
        <TextLink to={MY_INFLUENCER_URL} label={t('influencer.mine.title')} className="my-account__influencer-link" />
        <TextLink to={INFLUENCERS_URL} label={t('influencer.list.title')} />
      </View>
      <RecentOrders />
      <AddressBook />
      <StoreCreditPanel />
      <MyCoupons />
      <WeChatBindingPanel />
      <VerifiedContactPanel />
      <FormError message={signOutError} />
      <BusyButton className="my-account__signout" busy={signingOut} onClick={onSignOut}>
        {t('user.signOut')}
      </BusyButton>
    </View>
  )
}
