import { render, screen } from '@testing-library/react'
import { SandboxMark } from '@/components/common/SandboxMark'
import { useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'
import { appInfoFixture } from '../../support/fixtures/appInfo'

function withSandbox(sandbox: boolean | undefined) {
  const info = appInfoFixture()
  info.appContent.appDetail = { ...info.appContent.appDetail, sandbox }
  useAppInfo.setState({ info, status: 'ready' })
}

afterEach(() => {
  useAppInfo.setState({ info: null, status: 'idle' })
  useLocale.setState({ language: 'en', serverMessages: {} })
})

describe('SandboxMark', () => {
  it('says "sandbox" when app info reports the server sandbox', () => {
    withSandbox(true)
    render(<SandboxMark />)
    expect(screen.getByRole('note').textContent).toBe('Sandbox: a test store. Nothing is really paid or delivered.')
  })

  it('shows nothing for a real store or before app info loads', () => {
    render(<SandboxMark />)
    expect(screen.queryByRole('note')).toBeNull()
    withSandbox(undefined)
    render(<SandboxMark />)
    expect(screen.queryByRole('note')).toBeNull()
  })
})
