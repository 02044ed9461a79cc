import { defineMessages } from '@shared/i18n/define'

/** Group-buy texts of the main package: the home row and the confirmation's progress. */
export default defineMessages({
  en: {
    'campaign.rowTitle': 'Group buys',
    'campaign.joined': '{participants} of {target} joined',
    'campaign.endsIn': 'Ends in {time}',
    'campaign.dayUnit': 'd',
    'campaign.from': 'Group price',
    'campaign.open': 'View the group buy',
    'campaign.invite': 'Invite friends so the group fills up before the end.'
  },
  zh: {
    'campaign.rowTitle': '拼团',
    'campaign.joined': '已拼 {participants}/{target} 人',
    'campaign.endsIn': '剩余 {time}',
    'campaign.dayUnit': '天',
    'campaign.from': '拼团价',
    'campaign.open': '查看拼团',
    'campaign.invite': '邀请好友参团，在截止前凑满人数。'
  }
})
