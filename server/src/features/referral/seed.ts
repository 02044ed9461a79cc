/** Demo referral programme (issue 13): the default referral group and a higher-rate one the operator may give. */
import type { Queryable } from '../../db/index.ts';

const referralGroups = [
  {
    en: 'Friends of the shop', zh: '小店之友', percent: 5, holdDays: 7, isDefault: true,
    rulesEn: 'Everyone is in this group: 5% of the goods total of every order your friends pay, credited as store credit 7 days after payment. Cancelled or refunded orders take their commission back.',
    rulesZh: '所有人默认加入：好友每笔已付订单商品金额的 5%，付款 7 天后计入储值。订单取消或退款时相应佣金将被扣回。',
  },
  {
    en: 'Ambassadors', zh: '推广大使', percent: 8, holdDays: 14, isDefault: false,
    rulesEn: '8% of the goods total of your friends\' paid orders, credited as store credit 14 days after payment. Cancelled or refunded orders take their commission back.',
    rulesZh: '好友已付订单商品金额的 8%，付款 14 天后计入储值。订单取消或退款时相应佣金将被扣回。',
  },
];

export async function seedReferralGroups(q: Queryable) {
  for (const [i, g] of referralGroups.entries()) {
    await q.query(
      // The default group is open to all; a higher rate is the operator's to give (npm run referral -- assign).
      `INSERT INTO referral_groups (name_en, name_zh, rules_en, rules_zh, commission_percent, hold_days, is_default, sort, open) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$7)`,
      [g.en, g.zh, g.rulesEn, g.rulesZh, g.percent, g.holdDays, g.isDefault, i],
    );
  }
}
