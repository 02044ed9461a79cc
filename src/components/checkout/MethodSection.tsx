import type { OrderMethod } from '@/api/checkout'
import { useFieldLink } from '@/hooks/useFieldLink'
import { useT } from '@/hooks/useT'
import type { MessageKey } from '@/i18n'
import { Choices, FieldMessage, Section } from './Choices'

const METHOD_LABEL: Record<OrderMethod, MessageKey> = { PICKUP: 'checkout.pickup', DELIVERY: 'checkout.delivery', EAT_IN: 'checkout.eatIn' }

export function MethodSection({ methods, selected, error, onChoose }: {
  methods: OrderMethod[]
  selected: OrderMethod | null
  error?: string
  onChoose(method: OrderMethod): void
}) {
  const t = useT()
  const link = useFieldLink(error)
  return (
    <Section name="method" title={t('checkout.method')} boxClass={link.boxClass}>
      <Choices name="method" options={methods.map((m) => ({ value: m, label: t(METHOD_LABEL[m]) }))} selected={selected} onSelect={onChoose} link={link.control} />
      <FieldMessage text={error} id={link.messageId} />
    </Section>
  )
}
