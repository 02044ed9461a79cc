/** Shared answers of the influencer component tests (each one valid against contract/openapi.json). */
import type { InfluencerCard, InfluencerDetail, InfluencerProfileInput, InfluencerStatus, MyInfluencerProfile } from '@/features/influencers/api'
import type { SectionTemplate } from '@contract/content'
import { configure } from '@testing-library/react'

// Taro's H5 web components render asynchronously; on a busy 2-core machine 1 s (the default) is too tight.
configure({ asyncUtilTimeout: 10000 })
jest.setTimeout(30000)

export const img = (n: number) => `user/${String(n).repeat(32).slice(0, 32)}`

export const TEMPLATE: SectionTemplate = {
  type: 'influencer',
  sections: [
    { kind: 'influencerSection', id: 'my-picks', block: 'picks', title: { en: 'My picks', zh: '我的精选' } },
    { kind: 'influencerSection', id: 'story', block: 'text', title: { en: 'My story', zh: '我的故事' } },
    { kind: 'influencerSection', id: 'photo', block: 'image', title: { en: 'Photo', zh: '照片' } }
  ]
}

export const status = (patch: Partial<InfluencerStatus> = {}): InfluencerStatus => ({
  status: 'NOT_APPLIED', review: 'NONE', id: null, reason: null, likes: 0, ...patch
})

export const version = (patch: Partial<InfluencerProfileInput> = {}): InfluencerProfileInput => ({
  displayName: 'Mei eats',
  bio: { en: 'I cook noodles.', zh: '我做面条。' },
  avatar: null,
  cover: null,
  gallery: [],
  socialLinks: [],
  sections: [{ template: 'my-picks', kind: 'picks', title: 'My picks', productIds: ['3001'] }],
  ...patch
})

export const mine = (s: InfluencerStatus, draft = version(), published: InfluencerProfileInput | null = null): MyInfluencerProfile => ({ ...s, draft, published })

export const card = (id: string, name: string, likes = 0): InfluencerCard => ({
  id, displayName: name, bio: { en: `${name} writes in English`, zh: `${name} 的中文简介` }, avatar: null, cover: null, likes,
  publishedAt: '2026-11-20T10:00:00.000Z'
})

export const detail = (patch: Partial<InfluencerDetail> = {}): InfluencerDetail => ({
  ...card('7', 'Lin Hua'),
  bio: { en: 'I <b>love</b> tea.', zh: '我<b>爱</b>茶。' },
  avatar: img(1),
  gallery: [img(2), img(3)],
  socialLinks: [{ label: 'Blog', url: 'https://example.com/lin' }],
  sections: [
    { kind: 'picks', title: 'Spring picks', picks: [{ id: '3001', name: { en: 'Longjing tea', zh: '龙井茶' }, image: 'longjing.svg', price: 3299, currency: 'CAD' }] },
    { kind: 'text', title: 'How I brew', text: '<script>alert(1)</script> 80 °C' }
  ],
  liked: false,
  referralId: 'INFL0001',
  ...patch
})
