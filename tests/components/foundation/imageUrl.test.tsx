import { act, renderHook } from '@testing-library/react'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useAppInfo } from '@/stores/appInfo'
import { appInfoFixture } from '../../support/fixtures/appInfo'

describe('useImageUrl', () => {
  it('gives a relative image no URL until app info brings the CDN path, then the CDN URL; https images at once', () => {
    act(() => useAppInfo.setState({ info: null, status: 'loading' }))
    const { result } = renderHook(() => useImageUrl())
    expect(result.current('latte.svg')).toBe('')
    expect(result.current('https://img.example.org/latte.png')).toBe('https://img.example.org/latte.png')
    act(() => useAppInfo.setState({ info: appInfoFixture(), status: 'ready' }))
    expect(result.current('latte.svg')).toBe('https://cdn.example.com/maple/latte.svg')
  })

  it('uses the image name as it is when app info failed to load', () => {
    act(() => useAppInfo.setState({ info: null, status: 'failed' }))
    const { result } = renderHook(() => useImageUrl())
    expect(result.current('latte.svg')).toBe('latte.svg')
  })
})
