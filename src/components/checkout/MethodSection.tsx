import type { OrderMethod } from '@/api/checkout'
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
  return (
    <Section name="method" title={t('checkout.method')}>
      <Choices name="method" options={methods.map((m) => ({ value: m, label: t(METHOD_LABEL[m]) }))} selected={selected} onSelect={onChoose} />
      <FieldMessage text={error} />
    </Section>
  )
}
