import { defineMessages } from '../define'

/** Group-buy texts of the main package (the home row, the confirmation's progress) and of order states. */
export default defineMessages({
  en: {
    'campaign.rowTitle': 'Group buys',
    'campaign.joined': '{participants} of {target} joined',
    'campaign.endsIn': 'Ends in {time}',
    'campaign.dayUnit': 'd',
    'campaign.from': 'Group price',
    'campaign.status.UPCOMING': 'Starting soon',
    'campaign.status.OPEN': 'Open',
    'campaign.status.CLOSING': 'Closing',
    'campaign.status.SUCCEEDED': 'Group complete',
    'campaign.status.FAILED': 'Did not fill up',
    'campaign.order.awaitingPayment': 'Group buy: waiting for your payment',
    'campaign.order.waiting': 'Group buy: waiting for the group',
    'campaign.order.closing': 'Group buy: ended, being settled',
    'campaign.order.succeeded': 'Group buy succeeded',
    'campaign.order.refundPending': 'Group did not fill up: refund pending',
    'campaign.order.refunded': 'Group did not fill up: refunded',
    'campaign.order.cancelled': 'Group buy: cancelled',
    'campaign.open': 'View the group buy',
    'campaign.invite': 'Invite friends so the group fills up before the end.'
  },
  zh: {
    'campaign.rowTitle': '拼团',
    'campaign.joined': '已拼 {participants}/{target} 人',
    'campaign.endsIn': '剩余 {time}',
    'campaign.dayUnit': '天',
    'campaign.from': '拼团价',
    'campaign.status.UPCOMING': '即将开始',
    'campaign.status.OPEN': '拼团中',
    'campaign.status.CLOSING': '结算中',
    'campaign.status.SUCCEEDED': '拼团成功',
    'campaign.status.FAILED': '拼团未成',
    'campaign.order.awaitingPayment': '拼团：等待付款',
    'campaign.order.waiting': '拼团：等待成团',
    'campaign.order.closing': '拼团：已截止，结算中',
    'campaign.order.succeeded': '拼团成功',
    'campaign.order.refundPending': '拼团未成：退款处理中',
    'campaign.order.refunded': '拼团未成：已退款',
    'campaign.order.cancelled': '拼团：已取消',
    'campaign.open': '查看拼团',
    'campaign.invite': '邀请好友参团，在截止前凑满人数。'
  }
})
