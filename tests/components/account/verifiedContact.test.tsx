/** My account's verified contact section (API mocked at the http boundary): en + zh, none / pending, validation, errors, submit. */
import { fireEvent, render, screen, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { ID_PURPOSE_VERSION, type VerifiedContact } from '@/api/account'
import { MyAccount } from '@/components/account/MyAccount'
import { SignedIn } from '@/components/account/SignedIn'
import type { Language } from '@/i18n'
import { fail, mockHttp, type MockHttp } from '../../support/mockHttp'
import { LANGS, renderedInput, resetStores, settle, signedIn, type, valueOf } from './accountTestKit'

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    title: 'Verified contact', none: 'Not submitted', pending: 'Waiting for the store to verify', verified: 'Verified', start: 'Add verified contact',
    change: 'Change', submit: 'Submit for verification', required: 'This field is required.', phoneInvalid: 'Enter a valid phone number.',
    nameInvalid: 'Enter your name as it is written on the document.', passportInvalid: 'A passport number has 6 to 12 letters or digits.',
    idInvalid: 'Enter 6 to 30 letters or digits, as on the document.', photoRequired: 'Choose a photo of the ID document.',
    passport: 'Passport', nationalId: 'National ID card', choosePhoto: 'Choose photo', onFile: 'Photo on file', chosen: 'New photo chosen',
    submitted: 'Submitted. The store will check your details.', photoFailed: 'The photo was not accepted: ', keep: 'ID number (leave empty to keep *****5678)',
    changeNote: 'Changed details are checked again by the store.', photoShown: 'Your photo of the ID document on file',
    purposeTitle: 'Why the store asks for your ID', agree: 'I agree to this use of my ID details', decline: 'Not now',
    delete: 'Delete my ID details', deleteConfirm: 'Delete your real name, phone, ID number and photo from the store? This cannot be undone.',
    deleteYes: 'Delete', deleted: 'Your ID details have been deleted.', cancel: 'Cancel', deleteAt: 'The ID number and photo will be deleted on 2027-02-20.',
    days: 'They are deleted 90 days after the store verifies them'
  },
  zh: {
    title: '实名认证', none: '未提交', pending: '等待门店审核', verified: '已认证', start: '填写实名信息',
    change: '修改', submit: '提交审核', required: '此项为必填项。', phoneInvalid: '请输入有效的电话号码。',
    nameInvalid: '请输入与证件一致的姓名。', passportInvalid: '护照号码为 6 至 12 位字母或数字。',
    idInvalid: '请输入 6 至 30 位字母或数字，与证件一致。', photoRequired: '请选择证件照片。',
    passport: '护照', nationalId: '身份证', choosePhoto: '选择照片', onFile: '照片已上传', chosen: '已选择新照片',
    submitted: '已提交，门店将核验您的信息。', photoFailed: '照片未被接受：', keep: '证件号码（留空则保留 *****5678）',
    changeNote: '修改后的信息需要门店重新审核。', photoShown: '您已上传的证件照片',
    purposeTitle: '为什么需要您的证件信息', agree: '我同意为上述目的使用我的证件信息', decline: '暂不',
    delete: '删除我的证件信息', deleteConfirm: '确定从门店删除您的真实姓名、电话、证件号码和照片吗？删除后无法恢复。',
    deleteYes: '删除', deleted: '您的证件信息已删除。', cancel: '取消', deleteAt: '证件号码和照片将于 2027-02-20 删除。',
    days: '门店核验后 90 天'
  }
}

/** The shopper has given the separate consent (the consent step itself: the tests at the end). */
const CONSENT = { consentVersion: ID_PURPOSE_VERSION, consentGivenAt: '2026-11-22T07:59:00.000Z', retentionDays: 90 }
const NONE: VerifiedContact = {
  status: 'NONE', realName: null, phone: null, idType: null, idNumber: null, idImage: null, submittedAt: null, verifiedAt: null,
  idDeleteAt: null, idErasedAt: null, ...CONSENT
}
const NO_CONSENT: VerifiedContact = { ...NONE, consentVersion: null, consentGivenAt: null }
const PENDING: VerifiedContact = {
  status: 'PENDING', realName: 'Lin Chen', phone: '416-555-0199', idType: 'PASSPORT', idNumber: '*****5678', idImage: 'user/aaaa',
  submittedAt: '2026-11-22T08:00:00.000Z', verifiedAt: null, idDeleteAt: '2027-02-20T08:00:00.000Z', idErasedAt: null, ...CONSENT
}
const CONTACT = '/admin/userManagement/verifiedContact'
const UPLOAD = '/admin/userManagement/image/verifiedContact/upload'

function api(contact: VerifiedContact): MockHttp {
  return mockHttp({
    'GET /admin/userManagement/getAddresses/u-1001/type/SHIPPING': { addresses: [] },
    'GET /common3/supportedCountries': [],
    'GET /common3/coupons/': { coupons: [] },
    'GET /admin/storeCreditManagement/storeCreditHistory': { balance: 0, currency: 'CAD', entries: [] },
    'GET /admin/userManagement/verifiedContact/idNumber': contact,
    [`POST ${UPLOAD}`]: { id: 'f'.repeat(32), idImage: `user/${'f'.repeat(32)}` }
  })
}

let chooseImage: jest.Mock
beforeEach(() => {
  chooseImage = jest.fn(async () => ({ tempFilePaths: ['blob:id-photo'], tempFiles: [] }))
  Object.assign(Taro, { chooseImage })
})

const section = () => document.querySelector('.verified-contact') as HTMLElement
const renderAccount = () => render(<SignedIn><MyAccount /></SignedIn>)
const calls = (http: MockHttp, method: string, path: string) => http.calls.filter((c) => c.method === method && c.path === path)
const errorsShown = () => [...section().querySelectorAll('.account-field__error')].map((e) => e.textContent)

async function fillIn(container: HTMLElement, text: Record<string, string>) {
  await type(container, 'realName', '陈琳 Lin Chen')
  await type(container, 'phone', '416-555-0199')
  fireEvent.click(screen.getByText(text.passport))
  await type(container, 'idNumber', 'e12-345 678')
  fireEvent.click(screen.getByText(text.choosePhoto))
  await settle()
}

describe.each(LANGS)('verified contact (%s)', (lang) => {
  const text = TEXT[lang]

  it('nothing submitted: says so and offers to add one', async () => {
    resetStores(signedIn(), lang, '/user/list')
    api(NONE)
    renderAccount()
    await settle()
    expect(screen.getByText(text.title)).toBeInTheDocument()
    expect(screen.getByText(text.none)).toBeInTheDocument()
    expect(screen.getByText(text.start)).toBeInTheDocument()
    expect(section().querySelector('[name="realName"]')).toBeNull()
  })

  it('pending: shows the status and what is on file, the ID number masked', async () => {
    resetStores(signedIn(), lang, '/user/list')
    api(PENDING)
    renderAccount()
    await settle()
    expect(screen.getByText(text.pending)).toBeInTheDocument()
    expect(within(section()).getByText('Lin Chen')).toBeInTheDocument()
    expect(screen.getByText(`${text.passport} *****5678`)).toBeInTheDocument()
    expect(screen.getByText(text.onFile)).toBeInTheDocument()
    expect(screen.getByText(text.change)).toBeInTheDocument()
  })

  it('the ID photo on file is shown back to its owner, fetched with their session', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(PENDING)
    http.set('GET /admin/userManagement/image/user/aaaa', 'data:image/png;base64,aWQtcGhvdG8=')
    renderAccount()
    await settle()
    const photo = within(section()).getByAltText(text.photoShown)
    expect(photo).toHaveAttribute('src', 'data:image/png;base64,aWQtcGhvdG8=')
    expect(calls(http, 'GET', '/admin/userManagement/image/user/aaaa')).toHaveLength(1)
  })

  it('a photo the server does not give back is not shown; the panel still says one is on file', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(PENDING)
    http.set('GET /admin/userManagement/image/user/aaaa', fail(404, 'Image not found'))
    renderAccount()
    await settle()
    expect(within(section()).queryByAltText(text.photoShown)).toBeNull()
    expect(screen.getByText(text.onFile)).toBeInTheDocument()
  })

  it('verified: says so', async () => {
    resetStores(signedIn(), lang, '/user/list')
    api({ ...PENDING, status: 'VERIFIED', verifiedAt: '2026-11-23T08:00:00.000Z' })
    renderAccount()
    await settle()
    expect(screen.getByText(text.verified)).toBeInTheDocument()
  })

  it('an empty form: every field and the photo are asked for, nothing is sent', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(NONE)
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.start))
    await settle()
    // As a shopper sees the form before tapping: Taro's input element draws its <input> a moment after it mounts.
    const realName = await renderedInput(container, 'realName')
    fireEvent.click(screen.getByText(text.submit))
    await settle()
    expect(errorsShown()).toEqual([text.required, text.required, text.required, text.required, text.photoRequired])
    expect(document.activeElement).toBe(realName)
    expect(calls(http, 'POST', CONTACT)).toHaveLength(0)
    expect(calls(http, 'POST', UPLOAD)).toHaveLength(0)
  })

  it('wrong values: name, phone and the number rule of the chosen ID type', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(NONE)
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.start))
    await settle()
    await type(container, 'realName', '12345')
    await type(container, 'phone', 'call me')
    fireEvent.click(screen.getByText(text.passport))
    await type(container, 'idNumber', 'E1234567890123')
    fireEvent.click(screen.getByText(text.choosePhoto))
    await settle()
    fireEvent.click(screen.getByText(text.submit))
    await settle()
    expect(errorsShown()).toEqual([text.nameInvalid, text.phoneInvalid, text.passportInvalid])
    // Another type has its own rule; fixing a field clears its message.
    fireEvent.click(screen.getByText(text.nationalId))
    await type(container, 'idNumber', '1234/5678')
    fireEvent.click(screen.getByText(text.submit))
    await settle()
    expect(errorsShown()).toEqual([text.nameInvalid, text.phoneInvalid, text.idInvalid])
    expect(calls(http, 'POST', CONTACT)).toHaveLength(0)
  })

  it('a server refusal keeps everything typed; the retry does not upload the photo again and succeeds', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(NONE)
    http.set(`POST ${CONTACT}`, fail(400, 'Real name must be a name (letters, no < or >)'))
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.start))
    await settle()
    await fillIn(container, text)
    expect(screen.getByText(text.chosen)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.submit))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent('Real name must be a name (letters, no < or >)')
    expect(valueOf(container, 'realName')).toBe('陈琳 Lin Chen')
    expect(valueOf(container, 'phone')).toBe('416-555-0199')
    expect(valueOf(container, 'idNumber')).toBe('e12-345 678')
    expect(screen.getByText(text.passport).closest('[role="radio"]')).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByText(text.chosen)).toBeInTheDocument()

    http.set(`POST ${CONTACT}`, (req: { data: { realName: string; phone: string } }) => ({ ...PENDING, realName: req.data.realName, phone: req.data.phone }))
    fireEvent.click(screen.getByText(text.submit))
    await settle()
    expect(calls(http, 'POST', UPLOAD)).toHaveLength(1)
    expect(calls(http, 'POST', CONTACT).pop()?.body).toEqual({
      realName: '陈琳 Lin Chen', phone: '416-555-0199', idType: 'PASSPORT', idNumber: 'E12345678', idImage: `user/${'f'.repeat(32)}`
    })
    expect(screen.getByText(text.pending)).toBeInTheDocument()
    expect(screen.getByText(text.submitted)).toBeInTheDocument()
    expect(within(section()).getByText('陈琳 Lin Chen')).toBeInTheDocument()
    expect(screen.getByText(`${text.passport} *****5678`)).toBeInTheDocument()
    expect(section().querySelector('[name="idNumber"]')).toBeNull()
  })

  it('a refused photo says why and keeps the form', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(NONE)
    http.set(`POST ${UPLOAD}`, fail(415, 'The ID photo must be a PNG, JPEG, GIF or WebP image'))
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.start))
    await settle()
    await fillIn(container, text)
    fireEvent.click(screen.getByText(text.submit))
    await settle()
    expect(screen.getByRole('alert')).toHaveTextContent(`${text.photoFailed}The ID photo must be a PNG, JPEG, GIF or WebP image`)
    expect(calls(http, 'POST', CONTACT)).toHaveLength(0)
    expect(valueOf(container, 'realName')).toBe('陈琳 Lin Chen')
  })

  it('changing a contact on file: prefilled, number and photo may stay, only PUT is sent', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api({ ...PENDING, status: 'VERIFIED' })
    http.set(`PUT ${CONTACT}`, (req: { data: { phone: string } }) => ({ ...PENDING, phone: req.data.phone }))
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.change))
    await settle()
    expect(valueOf(container, 'realName')).toBe('Lin Chen')
    expect(screen.getByText(text.keep)).toBeInTheDocument()
    expect(screen.getByText(text.changeNote)).toBeInTheDocument()
    await type(container, 'phone', '647-555-0100')
    fireEvent.click(screen.getByText(text.submit))
    await settle()
    expect(calls(http, 'PUT', CONTACT).pop()?.body).toEqual({ realName: 'Lin Chen', phone: '647-555-0100', idType: 'PASSPORT' })
    expect(calls(http, 'POST', UPLOAD)).toHaveLength(0)
    expect(screen.getByText(text.pending)).toBeInTheDocument()
    expect(screen.getByText('647-555-0100')).toBeInTheDocument()
  })
})

describe.each(LANGS)('verified contact: separate consent and delete (%s)', (lang) => {
  const text = TEXT[lang]

  it('the purpose comes first, on its own: the form opens only once the shopper agrees', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(NO_CONSENT)
    http.set(`POST ${CONTACT}/consent`, NONE)
    const { container } = renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.start))
    await settle()
    expect(screen.getByText(text.purposeTitle)).toBeInTheDocument()
    expect(within(section()).getByText((t) => t.includes(text.days))).toBeInTheDocument()
    expect(section().querySelector('[name="realName"]')).toBeNull()
    expect(calls(http, 'POST', `${CONTACT}/consent`)).toHaveLength(0)
    fireEvent.click(screen.getByText(text.agree))
    await settle()
    expect(calls(http, 'POST', `${CONTACT}/consent`).map((c) => c.body)).toEqual([{ purposeVersion: ID_PURPOSE_VERSION }])
    expect(screen.queryByText(text.purposeTitle)).toBeNull()
    expect(await renderedInput(container, 'realName')).toBeTruthy()
  })

  it('"not now": no form, nothing sent, the offer stays', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(NO_CONSENT)
    renderAccount()
    await settle()
    fireEvent.click(screen.getByText(text.start))
    await settle()
    fireEvent.click(screen.getByText(text.decline))
    await settle()
    expect(screen.queryByText(text.purposeTitle)).toBeNull()
    expect(section().querySelector('[name="realName"]')).toBeNull()
    expect(http.calls.filter((c) => c.method !== 'GET')).toHaveLength(0)
    expect(screen.getByText(text.start)).toBeInTheDocument()
  })

  it('what is on file says when it will be deleted; "delete my ID details" asks first, then deletes', async () => {
    resetStores(signedIn(), lang, '/user/list')
    const http = api(PENDING)
    http.set(`DELETE ${CONTACT}`, NO_CONSENT)
    renderAccount()
    await settle()
    expect(screen.getByText(text.deleteAt)).toBeInTheDocument()
    fireEvent.click(screen.getByText(text.delete))
    await settle()
    expect(screen.getByRole('alertdialog')).toHaveTextContent(text.deleteConfirm)
    fireEvent.click(within(screen.getByRole('alertdialog')).getByText(text.cancel))
    await settle()
    expect(calls(http, 'DELETE', CONTACT)).toHaveLength(0)
    expect(within(section()).getByText('Lin Chen')).toBeInTheDocument()

    fireEvent.click(screen.getByText(text.delete))
    await settle()
    fireEvent.click(within(screen.getByRole('alertdialog')).getByText(text.deleteYes))
    await settle()
    expect(calls(http, 'DELETE', CONTACT)).toHaveLength(1)
    expect(screen.getByText(text.deleted)).toBeInTheDocument()
    expect(screen.getByText(text.none)).toBeInTheDocument()
    expect(within(section()).queryByText('Lin Chen')).toBeNull()
    expect(screen.queryByText(text.delete)).toBeNull()
  })
})
