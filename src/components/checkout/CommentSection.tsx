import { Textarea } from '@/components/taro/FormComponents'
import { useT } from '@/hooks/useT'
import { Section } from './Choices'

export function CommentSection({ comment, onChange }: { comment: string; onChange(comment: string): void }) {
  const t = useT()
  return (
    <Section name="comment" title={t('checkout.comment')}>
      <Textarea
        className="checkout__textarea"
        name="comment"
        value={comment}
        maxlength={500}
        nativeProps={{ 'aria-label': t('checkout.comment') }}
        onInput={(e) => onChange(e.detail.value)}
      />
    </Section>
  )
}
