import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Choices } from '@/components/checkout/Choices'
import { paymentMethodChoices } from '@/components/checkout/PaymentSection'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { useStoreCreditTopUp, type AmountChoice } from '@/hooks/useStoreCreditTopUp'
import { useT } from '@/hooks/useT'
import { BusyButton } from './BusyButton'
import { Field, FormError } from './Field'
import '@/components/common/PrimaryButton.scss'
import './MyAccount.scss'

/** The store-credit panel's "Top up": amount, payment method, pay; then the top-up's outcome with the new balance. */
export function TopUpForm({ currency, onCredited }: { currency: string; onCredited(): void }) {
  const t = useT()
  const f = useStoreCreditTopUp(currency, onCredited)
  const d = f.deposit
  return (
    <View className="top-up">
      {d?.status === 'PAID' ? (
        <Text className="top-up__result top-up__result--paid" role="status">
          {t('user.topUp.paid', { amount: f.money(d.amount), balance: f.money(d.balance) })}
        </Text>
      ) : null}
      {d?.status === 'FAILED' ? (
        <Text className="top-up__result top-up__result--failed" role="alert">
          {t('user.topUp.declined', { amount: f.money(d.amount) })}
        </Text>
      ) : null}
      {d?.status === 'PENDING' ? (
        f.waiting ? (
          <Spinner label={t('user.topUp.pending', { amount: f.money(d.amount) })} />
        ) : (
          <Text className="top-up__result" role="status">
            {t('user.topUp.stillPending', { amount: f.money(d.amount) })}
          </Text>
        )
      ) : null}
      {!f.allowed ? (
        <Text className="my-account__empty" role="note">
          {t('user.topUp.notHere')}
        </Text>
      ) : !f.open ? (
        <>
          <FormError message={f.error} />
          <Button className="top-up__open" size="mini" onClick={f.start}>
            {t('user.topUp.open')}
          </Button>
        </>
      ) : (
        <View className="top-up__form" data-name="top-up">
          <Text className="my-account__heading">{t('user.topUp.title')}</Text>
          <Text className="top-up__label">{t('user.topUp.amount')}</Text>
          <Choices<AmountChoice>
            name="topUpAmount"
            options={[...f.choices, { value: 'other', label: t('user.topUp.other') }]}
            selected={f.choice}
            onSelect={f.choose}
          />
          {f.choice === 'other' ? (
            <Field name="topUpOther" label={t('user.topUp.otherLabel', { currency })} value={f.other} onChange={f.setOther} error={f.amountError} maxlength={12} onSubmit={() => void f.submit()} />
          ) : null}
          <Text className="top-up__label">{t('user.topUp.method')}</Text>
          {!f.choosesMethod ? <Text className="my-account__empty">{t('user.topUp.payInApp')}</Text> : null}
          {f.methodsLoading ? <Spinner label={t('common.loading')} /> : null}
          {f.methodsError ? <EmptyState tone="error" message={t('common.error', { message: f.methodsError })} action={{ label: t('common.retry'), onClick: f.reloadMethods }} /> : null}
          {f.choosesMethod && !f.methodsLoading && !f.methodsError ? (
            f.methods.length ? (
              <Choices
                name="topUpMethod"
                options={paymentMethodChoices(f.methods, t)}
                selected={f.method}
                onSelect={f.setMethod}
              />
            ) : (
              <Text className="my-account__empty">{t('user.topUp.noMethod')}</Text>
            )
          ) : null}
          {f.methodError ? (
            <View className="account-field__error" role="alert">
              {f.methodError}
            </View>
          ) : null}
          <FormError message={f.error} />
          <View className="top-up__actions">
            <BusyButton className="primary-button top-up__pay" busy={f.busy} onClick={() => void f.submit()}>
              {t('user.topUp.pay')}
            </BusyButton>
            <Button className="top-up__cancel" onClick={f.cancel}>
              {t('user.topUp.cancel')}
            </Button>
          </View>
        </View>
      )}
    </View>
  )
}
