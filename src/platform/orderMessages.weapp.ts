/**
 * WeChat subscription messages for an order (issue 41 item 4): wx.requestSubscribeMessage shows WeChat's own sheet for
 * the templates; each 'accept' lets the server send one message of that template (subscribeMessage.send; 43101 once
 * it is used or refused). It must run from a tap (WeChat refuses it otherwise), at most 3 templates at once. A refusal,
 * 'ban' (the template banned by WeChat), 'filter' or a failure answers nothing accepted: the order goes on regardless.
 */
import Taro from '@tarojs/taro'

export async function requestOrderMessages(templateIds: string[]): Promise<string[]> {
  const ids = templateIds.slice(0, 3)
  if (!ids.length) return []
  try {
    const answer = (await Taro.requestSubscribeMessage({ tmplIds: ids, entityIds: ids })) as unknown as Record<string, string>
    return ids.filter((id) => answer[id] === 'accept')
  } catch {
    return []
  }
}
