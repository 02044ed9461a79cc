import { useT } from '@/hooks/useT'
import { Choices, Section } from './Choices'

export function TipSection({ percents, selected, busy, onChoose }: { percents: number[]; selected: number | null; busy: boolean; onChoose(percent: number): void }) {
  const t = useT()
  return (
    <Section name="tip" title={t('checkout.tip')}>
      <Choices
        name="tip"
        disabled={busy || undefined}
        options={percents.map((p) => ({ value: p, label: p === 0 ? t('checkout.noTip') : `${p}%` }))}
        selected={selected}
        onSelect={onChoose}
      />
    </Section>
  )
}
