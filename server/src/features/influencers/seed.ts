/**
 * Demo influencer profiles: the 'influencer' section template (the blocks a profile may use) and two approved profiles
 * of demo accounts that cannot sign in (no password works). Products are demo catalogue items. Their pictures are
 * the demo store's drawings (lib/svg.ts: a portrait per person, a cover and gallery of what they share), stored by
 * name like the catalogue's: the seed writes the published version directly, so the editor's uploads-only rule
 * (user/<id>) does not apply to these accounts, which nobody can sign in to.
 */
import type { Queryable } from '../../db/index.ts';
import type { InfluencerProfileInput } from '../../../../contract/influencers.ts';

const m = (en: string, zh: string) => ({ en, zh });

export const influencerTemplate = [
  { kind: 'influencerSection', id: 'my-picks', block: 'picks', title: m('My picks', '我的精选') },
  { kind: 'influencerSection', id: 'story', block: 'text', title: m('My story', '我的故事') },
  { kind: 'influencerSection', id: 'photo', block: 'image', title: m('Photo', '照片') },
];

export const demoInfluencers: { email: string; myId: string; first: string; last: string; daysAgo: number; profile: InfluencerProfileInput }[] = [
  {
    email: 'lin.hua@influencers.istore.test', myId: 'INFL0001', first: 'Hua', last: 'Lin', daysAgo: 12,
    profile: {
      displayName: 'Lin Hua · Tea notes', displayNameContent: m('Lin Hua · Tea notes', '林华 · 品茶笔记'),
      bio: m('Tea master in Toronto. I taste every spring harvest and share what I would brew at home.', '多伦多茶艺师。每年春茶我都会亲自品鉴，分享我在家会泡的好茶。'),
      avatar: 'avatar-lin-hua.svg', cover: 'cover-lin-hua-tea-set.svg', gallery: ['gaiwan-morning-brew.svg', 'jasmine-pearls-tea.svg', 'oolong-tasting-notes.svg'],
      socialLinks: [{ label: 'Blog', url: 'https://example.com/lin-hua-tea' }],
      sections: [
        { template: 'my-picks', kind: 'picks', title: 'Spring tea picks', titleContent: m('Spring tea picks', '春茶精选'), productIds: ['1011', '1001'] },
        { template: 'story', kind: 'text', title: 'How I brew', titleContent: m('How I brew', '我的泡法'), text: 'Longjing: 80 °C water, 3 g per 150 ml, 2 minutes.\n龙井：80°C 水，每150毫升3克，泡2分钟。' },
      ],
    },
  },
  {
    email: 'emma.chen@influencers.istore.test', myId: 'INFL0002', first: 'Emma', last: 'Chen', daysAgo: 4,
    profile: {
      displayName: 'Emma Chen · Morning coffee', displayNameContent: m('Emma Chen · Morning coffee', '陈艾玛 · 晨间咖啡'),
      bio: m('Barista at Maple Roasters. Pour-over, croissants and slow weekend mornings.', '枫叶烘焙坊咖啡师。手冲咖啡、牛角包和慢悠悠的周末早晨。'),
      avatar: 'avatar-emma-chen.svg', cover: 'cover-emma-chen-latte.svg', gallery: ['latte-art-practice.svg', 'butter-croissant-weekend.svg', 'pour-over-at-home-kettle.svg'],
      socialLinks: [],
      sections: [
        { template: 'my-picks', kind: 'picks', title: 'Weekend breakfast', titleContent: m('Weekend breakfast', '周末早餐'), productIds: ['1001', '1021'] },
      ],
    },
  },
];

export async function seedInfluencers(q: Queryable): Promise<void> {
  await q.query(
    `INSERT INTO section_templates (type, sections) VALUES ('influencer', $1::jsonb) ON CONFLICT (type) DO NOTHING`,
    [JSON.stringify(influencerTemplate)]);
  for (const d of demoInfluencers) {
    const { rows } = await q.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, my_id, created_at)
       VALUES ($1, '!', $2, $3, $4, now() - make_interval(days => $5)) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [d.email, d.first, d.last, d.myId, d.daysAgo + 30]);
    if (!rows[0]) continue;
    const version = JSON.stringify(d.profile);
    await q.query(
      `INSERT INTO influencer_profiles (user_id, status, review, draft, published, created_at, submitted_at, published_at)
       VALUES ($1, 'APPROVED', 'NONE', $2::jsonb, $2::jsonb, now() - make_interval(days => $3), now() - make_interval(days => $3), now() - make_interval(days => $3))`,
      [rows[0].id, version, d.daysAgo]);
  }
}
