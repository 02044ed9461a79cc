import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import type { Slot } from '@/api/checkout'
import { timesOn } from '@/domain/checkoutForm'
import { relativeDay, storeDateLabel, storeTime, type StoreClock } from '@/domain/storeClock'
import { useFieldLink } from '@/hooks/useFieldLink'
import { useT } from '@/hooks/useT'
import { useLocale } from '@/stores/locale'
import { Choices, FieldMessage } from './Choices'
import '@/i18n/walkthrough'

/** Times shown before "More times": a day of 22 slots was a wall of chips. */
const FIRST_TIMES = 8

/**
 * The store's slots: dates as "Mon, Jan 5" / "1月5日" (the store's today and tomorrow named), then the times of the
 * chosen date, in the store's time zone, with the store's time now. The earliest time is named; a long day shows its
 * first times and "More times" (all of them once one further on is chosen).
 */
export function SlotPicker({ name, slots, date, time, timeZone, clock, error, onDate, onTime }: {
  name: string
  slots: Slot[]
  date: string
  time: string
  timeZone?: string
  /** The store's clock: its today and tomorrow are named, and its time now is shown. */
  clock?: StoreClock | null
  error?: string
  onDate(date: string): void
  onTime(time: string): void
}) {
  const t = useT()
  const language = useLocale((s) => s.language)
  const times = timesOn(slots, date)
  const [allTimes, setAllTimes] = useState(false)
  const link = useFieldLink(error)
  const shown = allTimes || times.length <= FIRST_TIMES + 2 || times.indexOf(time) >= FIRST_TIMES ? times : times.slice(0, FIRST_TIMES)
  const earliest = slots[0]?.date === date ? times[0] : undefined
  const label = (d: string) => {
    const day = relativeDay(d, clock ?? null)
    return day ? `${t(day === 'today' ? 'checkout.today' : 'checkout.tomorrow')} · ${storeDateLabel(d, language)}` : storeDateLabel(d, language)
  }
  return (
    <View className={link.boxClass}>
      {/* The message is about the time once a date is chosen, about the date before that. */}
      <Choices name={`${name}Date`} options={slots.map((s) => ({ value: s.date, label: label(s.date) }))} selected={date} onSelect={onDate} link={date && times.length ? undefined : link.control} />
      {times.length ? (
        <Choices name={`${name}Time`} options={shown.map((x) => ({ value: x, label: x === earliest ? t('walk.earliestTime', { time: x }) : x }))} selected={time} onSelect={onTime} link={date ? link.control : undefined} />
      ) : null}
      {shown.length < times.length ? (
        <Text className="checkout__more-times" role="button" tabIndex={0} onClick={() => setAllTimes(true)}>
          {t('walk.moreTimes', { count: times.length - shown.length })}
        </Text>
      ) : null}
      {timeZone ? <Text className="checkout__note">{t('checkout.timeZoneNote', { timeZone })}</Text> : null}
      {clock ? <Text className="checkout__note checkout__store-time">{t('checkout.storeTimeNow', { time: storeTime(clock) })}</Text> : null}
      <FieldMessage text={error} id={link.messageId} />
    </View>
  )
}
