/**
 * The profile picture on both builds: the demo shopper signs in with the platform, opens My account, taps "Change
 * picture", picks a picture in the album (which hides and shows the page) and sees it as their picture, uploaded
 * through the platform's uploadFile (my.uploadFile refuses a file without its fileType). Closing the album changes
 * nothing.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { assertDeviceClean, requestsTo, root, runMiniProgram, serverForFile, signInWithPlatform } from './kit.mjs'

const LOGIN = 'packages/account/pages/login/index'
const ACCOUNT = 'packages/user/pages/list/index'
const PICTURE = path.join(root, 'src/assets/icons/icon-192.png')
const UPLOAD = '/admin/userManagement/image/upload'

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: profile picture from the album`, () => {
    // A server (and database) per build: both link the demo account, and a picture the other build uploaded would be
    // replaced (and its file deleted) here, leaving an image this build had shown unloadable at the end.
    const server = serverForFile()
    const entry = `${LOGIN}?redirect=${encodeURIComponent('/user/list')}`

    it('a picture picked in the album is uploaded and shown as the profile picture', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry, answers: { identity: `picture-${kind}`, image: PICTURE } }, async (mp) => {
        await signInWithPlatform(mp, kind)
        await mp.waitForPage(ACCOUNT)
        await mp.waitForText('Change picture')
        await mp.settled()
        const shown = mp.lifecycle.length
        mp.tap('Change picture')
        await mp.waitFor(() => requestsTo(mp, 'POST', UPLOAD).length === 1, { what: `POST ${UPLOAD}` })
        assert.deepEqual(mp.lifecycle.slice(shown), [{ route: ACCOUNT, event: 'onHide' }, { route: ACCOUNT, event: 'onShow' }])
        const [upload] = requestsTo(mp, 'POST', UPLOAD)
        assert.equal(upload.status, 200, JSON.stringify(upload.response))
        assert.match(upload.body.file, /^\(file icon-192\.png, \d+ bytes\)$/)
        const { profileImage } = JSON.parse(upload.response)
        await mp.waitFor(() => [...mp.imageSources].some((src) => src.endsWith(profileImage)), { what: `the picture ${profileImage} shown` })
        await mp.settled()
        await assertDeviceClean(mp)
      })
    })

    it('closing the album uploads nothing', async () => {
      await runMiniProgram(kind, server.baseUrl, { entry, answers: { identity: `picture-${kind}` } }, async (mp) => {
        await signInWithPlatform(mp, kind)
        await mp.waitForPage(ACCOUNT)
        await mp.waitForText('Change picture')
        await mp.settled()
        mp.tap('Change picture')
        await mp.waitFor(() => mp.calls.some((c) => c.name === 'chooseImage'), { what: 'the album' })
        await mp.settled()
        assert.equal(requestsTo(mp, 'POST', UPLOAD).length, 0)
        await assertDeviceClean(mp)
      })
    })
  })
}
