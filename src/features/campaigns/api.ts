/** Group-buy (fission) campaign calls (spec §7). Types: contract/campaigns.ts. */
import type {
  CampaignCart,
  CampaignDetail,
  CampaignItem,
  CampaignItems,
  CampaignList,
  CampaignOrders
} from '@contract/campaigns'
import type { Reservation } from '@contract/checkout'
import { http } from '@/api/http'

export type {
  Campaign,
  CampaignCart,
  CampaignItem,
  CampaignList,
  CampaignParticipant,
  CampaignParticipation,
  CampaignStatus,
  OrderCampaign
} from '@contract/campaigns'

/** The campaigns (home loads them with its content: a function of its own, so home's chunk carries no other call). */
export const campaignList = () => http.get<CampaignList>('/common3/campaign/fissionList')

const cartPath = (campaignId: string) => `/shoppingManagement4/myCart/fc/${encodeURIComponent(campaignId)}`

export const campaignsApi = {
  list: () => campaignList(),
  detail: (id: string) => http.get<CampaignDetail>(`/common3/campaign/fission/${encodeURIComponent(id)}`),
  items: (id: string) => http.get<CampaignItems>('/productManagement2/campaignProductItem/list/all', { fissionCampaignId: id }),
  /** One campaign item as it stands now (its stock left). */
  item: (itemId: string) => http.get<CampaignItem>(`/productManagement2/campaignProductItem/${encodeURIComponent(itemId)}`),
  participants: (id: string) => http.get<CampaignOrders>('/common3/orders/list', { fissionCampaignId: id }),
  cart: (id: string) => http.get<CampaignCart>(cartPath(id)),
  /** Adds `quantity` of an item; `inviter` is the my_id from the share link that brought the shopper. */
  add: (id: string, itemId: string, quantity: number, inviter?: string) =>
    http.post<CampaignCart>(cartPath(id), inviter ? { itemId, quantity, inviter } : { itemId, quantity }),
  /** Sets an item's quantity (0 removes it). */
  set: (id: string, itemId: string, quantity: number) => http.put<CampaignCart>(cartPath(id), { itemId, quantity }),
  reserve: (id: string) => http.post<Reservation>(`${cartPath(id)}/reserve`)
}
