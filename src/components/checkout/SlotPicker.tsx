import { View, Text } from '@tarojs/components'
import dayjs from 'dayjs'
import type { Slot } from '@/api/checkout'
import { timesOn } from '@/domain/checkoutForm'
import { useT } from '@/hooks/useT'
import { useLocale } from '@/stores/locale'
import { Choices, FieldMessage } from './Choices'

/** The store's slots: dates as "Mon, Jan 5" / "1月5日", then the times of the chosen date, in the store's time zone. */
export function SlotPicker({ name, slots, date, time, timeZone, error, onDate, onTime }: {
  name: string
  slots: Slot[]
  date: string
  time: string
  timeZone?: string
  error?: string
  onDate(date: string): void
  onTime(time: string): void
}) {
  const t = useT()
  const language = useLocale((s) => s.language)
  const times = timesOn(slots, date)
  const label = (d: string) => (language === 'zh' ? dayjs(d).format('M月D日') : dayjs(d).format('ddd, MMM D'))
  return (
    <View>
      <Choices name={`${name}Date`} options={slots.map((s) => ({ value: s.date, label: label(s.date) }))} selected={date} onSelect={onDate} />
      {times.length ? <Choices name={`${name}Time`} options={times.map((x) => ({ value: x, label: x }))} selected={time} onSelect={onTime} /> : null}
      {timeZone ? <Text className="checkout__note">{t('checkout.timeZoneNote', { timeZone })}</Text> : null}
      <FieldMessage text={error} />
    </View>
  )
}
