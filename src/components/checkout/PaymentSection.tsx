import { Text } from '@tarojs/components'
import type { MarkName } from '@/assets/brandMarks'
import type { PaymentChoice } from '@/domain/checkoutForm'
import type { PaymentMethod } from '@/domain/paymentMethods'
import type { Translate } from '@/i18n'
import { useFieldLink } from '@/hooks/useFieldLink'
import { useT } from '@/hooks/useT'
import { Choices, FieldMessage, Section, type Choice } from './Choices'

const LOGO: Record<PaymentMethod, MarkName> = { WECHAT_PAY: 'wechat', ALIPAY: 'alipay', UNIONPAY: 'unionpay', PAYPAL: 'paypal' }

/** The methods as choices: each named as shoppers know it, with its mark (checkout, store-credit top-up). */
export const paymentMethodChoices = (methods: PaymentMethod[], t: Translate): Choice<PaymentMethod>[] =>
  methods.map((m) => ({ value: m, label: t(`checkout.paymentMethod.${m}`), logo: LOGO[m] }))

export function PaymentSection({ payAtStoreAvailable, payment, onPayment, choosesMethod, methods, method, onMethod, error }: {
  payAtStoreAvailable: boolean
  payment: PaymentChoice
  onPayment(payment: PaymentChoice): void
  /** A browser chooses a method; a mini-program pays with its own sheet. */
  choosesMethod: boolean
  methods: PaymentMethod[]
  method: PaymentMethod | ''
  onMethod(method: PaymentMethod): void
  error?: string
}) {
  const t = useT()
  const link = useFieldLink(error)
  const choices: Choice<PaymentChoice>[] = [{ value: 'ONLINE', label: t('checkout.payOnline') }]
  if (payAtStoreAvailable) choices.push({ value: 'PAY_AT_STORE', label: t('checkout.payAtStore') })
  const online = payment === 'ONLINE' || !payAtStoreAvailable
  return (
    <Section name="payment" title={t('checkout.payment')} boxClass={link.boxClass}>
      {choices.length > 1 ? <Choices name="payment" options={choices} selected={payment} onSelect={onPayment} /> : null}
      {online && choosesMethod ? (
        methods.length ? (
          <Choices
            name="paymentMethod"
            options={paymentMethodChoices(methods, t)}
            selected={method}
            onSelect={onMethod}
            link={link.control}
          />
        ) : (
          <Text className="checkout__note">{t('checkout.noOnlinePayment')}</Text>
        )
      ) : null}
      {online && !choosesMethod ? <Text className="checkout__note">{t('checkout.payInApp')}</Text> : null}
      <FieldMessage text={error} id={link.messageId} />
    </Section>
  )
}
