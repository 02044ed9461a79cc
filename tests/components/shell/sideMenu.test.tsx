import { act, fireEvent, render, screen } from '@testing-library/react'
import { SideMenu } from '@/components/shell/SideMenu'
import type { Language } from '@/i18n'
import { useUi } from '@/stores/ui'
import { appInfoFixture, loggedInFixture, withConfig } from '../../support/fixtures/appInfo'
import { navigations } from '../../support/taroMock'
import { LANGS, resetStores, setUrl } from './shellTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: { signIn: 'Sign in', myAccount: 'My account', close: 'Close menu', women: 'Women', men: 'Men', dresses: 'Dresses', jackets: 'Jackets', home: 'Home', expand: 'Expand', collapse: 'Collapse' },
  zh: { signIn: '登录', myAccount: '我的账户', close: '关闭菜单', women: '女装', men: '男装', dresses: '连衣裙', jackets: '夹克', home: '首页', expand: '展开', collapse: '收起' }
}

function openMenu() {
  act(() => useUi.getState().setSideMenu(true))
}

beforeEach(() => setUrl('/'))

describe.each(LANGS)('side menu (%s)', (lang) => {
  const text = TEXT[lang]

  it('is closed until opened, and the close button closes it', () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<SideMenu />)
    expect(container.querySelector('.side-menu')).toBeNull()
    openMenu()
    expect(container.querySelector('.side-menu')).not.toBeNull()
    fireEvent.click(screen.getByLabelText(text.close))
    expect(useUi.getState().sideMenuOpen).toBe(false)
    expect(container.querySelector('.side-menu')).toBeNull()
  })

  it('top area: sign in for a guest, my account when logged in', () => {
    resetStores(appInfoFixture(), lang)
    const guest = render(<SideMenu />)
    openMenu()
    expect(screen.queryByText(text.myAccount)).toBeNull()
    fireEvent.click(screen.getByText(text.signIn))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/account/login' }])
    expect(useUi.getState().sideMenuOpen).toBe(false)
    guest.unmount()

    resetStores(loggedInFixture(), lang)
    render(<SideMenu />)
    openMenu()
    expect(screen.queryByText(text.signIn)).toBeNull()
    fireEvent.click(screen.getByText(text.myAccount))
    expect(navigations[1]).toEqual({ kind: 'navigateTo', url: '/user/list' })
  })

  it('no account entry when user accounts are disabled', () => {
    resetStores(withConfig(loggedInFixture(), { enableUserAccounts: false }), lang)
    render(<SideMenu />)
    openMenu()
    expect(screen.queryByText(text.signIn)).toBeNull()
    expect(screen.queryByText(text.myAccount)).toBeNull()
  })

  it('+/- toggles keep one sub-menu open at a time', () => {
    resetStores(appInfoFixture(), lang)
    render(<SideMenu />)
    openMenu()
    expect(screen.queryByText(text.dresses)).toBeNull()
    fireEvent.click(screen.getByLabelText(`${text.expand} ${text.women}`))
    expect(screen.getByText(text.dresses)).toBeInTheDocument()
    expect(screen.getByLabelText(`${text.collapse} ${text.women}`).querySelector('.icon--minus')).not.toBeNull()
    fireEvent.click(screen.getByLabelText(`${text.expand} ${text.men}`))
    expect(screen.queryByText(text.dresses)).toBeNull()
    expect(screen.getByText(text.jackets)).toBeInTheDocument()
    fireEvent.click(screen.getByLabelText(`${text.collapse} ${text.men}`))
    expect(screen.queryByText(text.jackets)).toBeNull()
    expect(navigations).toEqual([])
  })

  it('a group label opens and closes its group, and keeps the menu open', () => {
    resetStores(appInfoFixture(), lang)
    render(<SideMenu />)
    openMenu()
    const label = screen.getByText(text.women).closest('.side-menu__link') as Element
    expect(label).toHaveAttribute('role', 'button')
    fireEvent.click(label)
    expect(screen.getByText(text.dresses)).toBeInTheDocument()
    expect(label).toHaveAttribute('aria-expanded', 'true')
    expect(useUi.getState().sideMenuOpen).toBe(true)
    fireEvent.click(label)
    expect(screen.queryByText(text.dresses)).toBeNull()
    expect(navigations).toEqual([])
  })

  it('entries: internal links navigate, external open a new tab, link-less ones just close the menu', () => {
    resetStores(appInfoFixture(), lang)
    const openSpy = jest.spyOn(window, 'open').mockImplementation(() => null)
    render(<SideMenu />)
    openMenu()
    fireEvent.click(screen.getByText(text.home))
    expect(navigations).toEqual([{ kind: 'navigateTo', url: '/home' }])
    expect(useUi.getState().sideMenuOpen).toBe(false)

    openMenu()
    fireEvent.click(screen.getByLabelText(`${text.expand} ${text.women}`))
    fireEvent.click(screen.getByText(text.dresses))
    expect(navigations[1]).toEqual({ kind: 'navigateTo', url: '/store/productlist?cat=dresses' })

    openMenu()
    fireEvent.click(screen.getByText('Lookbook'))
    expect(openSpy).toHaveBeenCalledWith('https://lookbook.example.com', '_blank', 'noopener')

    openMenu()
    // A label with neither link nor group is information: not announced as a link (it still closes the menu, spec §2).
    expect(screen.getByText('Just a label').closest('.side-menu__link')).not.toHaveAttribute('role')
    fireEvent.click(screen.getByText('Just a label'))
    expect(useUi.getState().sideMenuOpen).toBe(false)
    expect(navigations).toHaveLength(2)
    openSpy.mockRestore()
  })

  it('language/currency line opens the modal; social icons and the powered-by footer show', () => {
    resetStores(appInfoFixture(), lang)
    const { container } = render(<SideMenu />)
    openMenu()
    expect(screen.getByRole('link', { name: 'Instagram' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Facebook' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'X (Twitter)' })).toBeNull()
    expect(container.querySelector('.powered-by__title')).toHaveTextContent(lang === 'en' ? 'PWA POWERED BY' : 'PWA 技术支持')
    fireEvent.click(container.querySelector('.side-menu__chooser') as Element)
    expect(useUi.getState().modal).toBe('languageCurrency')
    expect(useUi.getState().sideMenuOpen).toBe(false)
  })
})
