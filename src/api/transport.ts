/** How a request reaches the server on the mini-programs: Taro.request, Taro.uploadFile for files and Taro.downloadFile for files shown only to their owner. H5: transport.h5.ts. */
import Taro from '@tarojs/taro'
import { requestSlots } from './requestSlots'
import type { Transport } from './transportTypes'

/** The network tasks a mini-program may have on their way at once (requests, uploads and downloads together). */
const NETWORK_TASKS_AT_ONCE = 10
const inSlot = requestSlots(NETWORK_TASKS_AT_ONCE)

export const platformTransport: Transport = (req) => inSlot(() => send(req))

const send: Transport = async (req) => {
  if (req.file) {
    // my.uploadFile refuses a file without its fileType (WeChat's ignores it); every upload is a chosen picture.
    const upload = { url: req.url, filePath: req.file.path, name: req.file.name, header: req.header, fileType: 'image' }
    const res = await Taro.uploadFile(upload)
    return { statusCode: res.statusCode, data: parseUploadAnswer(res.data), header: {} }
  }
  if (req.download) {
    const res = await Taro.downloadFile({ url: req.url, header: req.header })
    // WeChat answers the status (a refused download's file holds the error's body, not an image); Alipay's answer has
    // only the file (apFilePath, which Taro hands on as tempFilePath).
    const statusCode = res.statusCode ?? (res.tempFilePath ? 200 : 0)
    return { statusCode, data: statusCode === 200 ? res.tempFilePath : null, header: {} }
  }
  const res = await Taro.request({
    url: req.url,
    method: req.method,
    header: req.header,
    data: req.data as Record<string, unknown> | undefined,
    credentials: 'include',
    dataType: 'json'
  })
  return { statusCode: res.statusCode, data: res.data, header: (res.header ?? {}) as Record<string, string | string[] | undefined> }
}

/** uploadFile hands back the body as text. */
function parseUploadAnswer(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
