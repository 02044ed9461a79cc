import type { StoreLocation } from '@/api/appInfo'
import { Field } from '@/components/account/Field'
import { useT } from '@/hooks/useT'
import { Section } from './Choices'
import { StoreChoice } from './StoreChoice'

export function EatInSection({ stores, storeId, tableNumber, storeError, tableError, onStore, onTable, onLeaveTable }: {
  stores: StoreLocation[]
  storeId: string
  tableNumber: string
  storeError?: string
  tableError?: string
  onStore(id: string): void
  onTable(table: string): void
  onLeaveTable(): void
}) {
  const t = useT()
  return (
    <Section name="eatIn" title={t('checkout.eatIn')}>
      <StoreChoice stores={stores} selected={storeId} error={storeError} onChoose={onStore} />
      <Field name="tableNumber" label={t('checkout.tableNumber')} value={tableNumber} onChange={onTable} error={tableError} onBlur={onLeaveTable} maxlength={8} />
    </Section>
  )
}
