/** The status panel after the content check (issue 41 item 2): still being checked, or refused, said in the shopper's language. */
import { render, screen } from '@testing-library/react'
import { InfluencerStatusPanel } from '@/features/influencers/components/InfluencerStatusPanel'
import '@/features/influencers/i18n'
import { useLocale } from '@/stores/locale'

afterEach(() => useLocale.setState({ language: 'en', serverMessages: {} }))

const base = { id: '7', reason: null, likes: 0 }

describe('InfluencerStatusPanel and the content check', () => {
  it('a version being checked says so', () => {
    render(<InfluencerStatusPanel status={{ ...base, status: 'PENDING', review: 'CHECKING' }} onEdit={() => undefined} />)
    expect(screen.getByText('Your profile is being checked before it is shown to others. This can take up to half an hour.')).toBeInTheDocument()
  })

  it('refused text and refused pictures are told apart, in English and Chinese', () => {
    const { unmount } = render(<InfluencerStatusPanel status={{ ...base, status: 'REJECTED', review: 'REJECTED', refusedBy: 'text' }} onEdit={() => undefined} />)
    expect(screen.getByRole('note').textContent).toBe('Our content check did not accept the text of your profile, so it is not shown to others. Change the wording and send it again.')
    unmount()
    useLocale.setState({ language: 'zh' })
    render(<InfluencerStatusPanel status={{ ...base, status: 'REJECTED', review: 'REJECTED', refusedBy: 'image' }} onEdit={() => undefined} />)
    expect(screen.getByRole('note').textContent).toBe('内容检测未通过您的一张图片，因此您的资料未向他人展示。请更换图片后重新提交。')
  })

  it('a person\'s reason and the check\'s refusal are not confused: no refusal note without refusedBy', () => {
    render(<InfluencerStatusPanel status={{ ...base, status: 'REJECTED', review: 'REJECTED', reason: 'Add a photo' }} onEdit={() => undefined} />)
    expect(screen.getByRole('note').textContent).toBe('Reason from the store: Add a photo')
  })
})
