import type { StoreLocation } from '@/api/appInfo'
import type { Slot } from '@/api/checkout'
import type { StoreClock } from '@/domain/storeClock'
import { useT } from '@/hooks/useT'
import { Section } from './Choices'
import { SlotPicker } from './SlotPicker'
import { StoreChoice } from './StoreChoice'

export function PickupSection({ stores, storeId, slots, date, time, timeZone, clock, storeError, slotError, onStore, onDate, onTime }: {
  stores: StoreLocation[]
  storeId: string
  slots: Slot[]
  date: string
  time: string
  timeZone?: string
  clock: StoreClock | null
  storeError?: string
  slotError?: string
  onStore(id: string): void
  onDate(date: string): void
  onTime(time: string): void
}) {
  const t = useT()
  return (
    <Section name="pickup" title={t('checkout.pickupTime')}>
      <StoreChoice stores={stores} selected={storeId} error={storeError} onChoose={onStore} />
      <SlotPicker name="pickup" slots={slots} date={date} time={time} timeZone={timeZone} clock={clock} error={slotError} onDate={onDate} onTime={onTime} />
    </Section>
  )
}
