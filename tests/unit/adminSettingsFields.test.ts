/**
 * The back office's menus, pages, home sections and social links forms (admin/src/screens/settings/fields.ts): a
 * refused save's path in the shop file, put on the form field that holds it, or above the form (null) when none does.
 */
import { homeField, menusField, pagesField, socialField } from '../../admin/src/screens/settings/fields'

describe('menusField', () => {
  it.each([
    ['navigation.headerMenu[1].link', ['headerMenu', 1, 'link']],
    ['navigation.footerMenu[0].name', ['footerMenu', 0, 'name']],
    ['navigation.sideMenu[2].subMenu[0].link', ['sideMenu', 2, 'subMenu', 0, 'link']],
    ['navigation.sideMenu[2].subMenu[3]', ['sideMenu', 2, 'subMenu', 3, 'name']],
    ['navigation.headerMenu[4]', ['headerMenu', 4, 'name']],
    ['navigation.headerMenu[4].nameContent.zh', ['headerMenu', 4, 'nameContent', 'zh']],
    ['navigation.footerTabs[0].link', null],
    ['navigation.headerMenu[1].icon', null],
    ['pages[0].name', null]
  ])('%s', (path, field) => expect(menusField(path)).toEqual(field))
})

describe('pagesField', () => {
  it.each([
    ['pages[2].name', ['pages', 2, 'name']],
    ['pages[0].content.zh', ['pages', 0, 'content', 'zh']],
    ['pages[1]', ['pages', 1, 'name']],
    ['pages[1].title', null],
    ['navigation.headerMenu[1].link', null]
  ])('%s', (path, field) => expect(pagesField(path)).toEqual(field))
})

describe('homeField', () => {
  it.each([
    ['sections.home[0].tagName', ['sections', 0, 'tagName']],
    ['sections.home[3].id', ['sections', 3, 'id']],
    ['sections.home[1].slides[2].link', ['sections', 1, 'slides', 2, 'link']],
    ['sections.home[1].slides[0].title.zh', ['sections', 1, 'slides', 0, 'title', 'zh']],
    ['sections.home[1].slides', ['sections', 1, 'id']],
    ['sections.home[2].categories[1]', ['sections', 2, 'categories', 1, 'name']],
    ['sections.home[2].categories[1].link', ['sections', 2, 'categories', 1, 'link']],
    ['sections.home[2]', ['sections', 2, 'id']],
    ['sections.store[0].id', null],
    ['sections.home[0].kind', null]
  ])('%s', (path, field) => expect(homeField(path)).toEqual(field))
})

describe('socialField', () => {
  it.each([
    ['social.facebook.pageURL', ['social', 'facebook', 'pageURL']],
    ['social.instagram.userName', ['social', 'instagram', 'userName']],
    ['social.facebook.userName', null],
    ['social.myspace.pageURL', null],
    ['headerControl.notDisplayheaderInDesktop', ['headerControl', 'notDisplayheaderInDesktop']]
  ])('%s', (path, field) => expect(socialField(path)).toEqual(field))
})
