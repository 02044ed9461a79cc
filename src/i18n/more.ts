/**
 * The account, checkout, confirmation and coupon texts. Imported by the pages of those areas (and whatever
 * else shows their texts), not by the home page, so the first load does not carry them.
 */
import { registerMessages } from '.'
import account from './messages/account'
import checkout from './messages/checkout'
import confirmation from './messages/confirmation'
import coupons from './messages/coupons'
import topUp from './messages/topUp'
import orderLookup from './messages/orderLookup'

registerMessages(account)
registerMessages(checkout)
registerMessages(confirmation)
registerMessages(coupons)
registerMessages(topUp)
registerMessages(orderLookup)
