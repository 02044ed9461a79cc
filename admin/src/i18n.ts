/** The back office's texts, en and zh; the language is the browser's until the staff member picks one (kept in localStorage). */
export type Lang = 'en' | 'zh';

const en = {
  title: 'Back office',
  signIn: 'Sign in',
  signOut: 'Sign out',
  email: 'E-mail',
  password: 'Password',
  required: 'Required',
  desk: 'Orders',
  pickList: 'Pick list',
  activity: 'Activity',
  staff: 'Staff',
  language: '中文',
  day: 'Day',
  store: 'Store',
  method: 'Method',
  all: 'All',
  noStore: 'No store',
  orders: 'orders',
  open: 'to hand over',
  liveCount: '{n} orders today, {open} to hand over',
  order: 'Order',
  due: 'Due',
  status: 'Status',
  payment: 'Payment',
  customer: 'Customer',
  items: 'Items',
  total: 'Total',
  back: 'Back to orders',
  lines: 'Lines',
  product: 'Product',
  quantity: 'Qty',
  price: 'Price',
  shopper: 'Shopper',
  phone: 'Phone',
  address: 'Address',
  comment: 'Comment',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tip: 'Tip',
  tax: 'Tax',
  shipping: 'Shipping',
  storeCredit: 'Store credit',
  refunded: 'Refunded',
  refundable: 'Refundable',
  payments: 'Payments',
  refunds: 'Refunds',
  history: 'History',
  noHistory: 'No moves yet',
  moves: 'Moves',
  noMoves: 'Nothing to do with this order now',
  'move.ready': 'Ready for pickup',
  'move.out-for-delivery': 'Out for delivery',
  'move.completed': 'Completed',
  'move.cancelled': 'Cancel order',
  cancelConfirm: 'Cancel this order? A paid order is refunded in full.',
  note: 'Note (optional)',
  refund: 'Refund',
  refundAll: 'Refund all that is left',
  refundPart: 'Refund part',
  amount: 'Amount',
  reason: 'Reason',
  refundDone: 'Refund {id} recorded: {amount}',
  refundRepeated: 'Already refunded with this request: nothing new was refunded',
  moved: 'Order {id} is now {status}',
  confirm: 'Confirm',
  cancel: 'Close',
  print: 'Print',
  toPrepare: 'To prepare',
  nothingToPrepare: 'Nothing to prepare',
  when: 'When',
  who: 'Who',
  what: 'What',
  role: 'Role',
  lastSignIn: 'Last sign-in',
  locked: 'Locked',
  disabled: 'Disabled',
  refresh: 'Refresh',
  notFound: 'Not found',
  ordersOf: 'Orders {ids}',
  ownerOnly: 'Only the shop\'s owner may open this',
} as const;

export type Key = keyof typeof en;

const zh: Record<Key, string> = {
  title: '后台',
  signIn: '登录',
  signOut: '退出',
  email: '邮箱',
  password: '密码',
  required: '必填',
  desk: '订单',
  pickList: '备货单',
  activity: '操作记录',
  staff: '员工',
  language: 'English',
  day: '日期',
  store: '门店',
  method: '方式',
  all: '全部',
  noStore: '无门店',
  orders: '单',
  open: '待交付',
  liveCount: '今日 {n} 单，{open} 单待交付',
  order: '订单',
  due: '时间',
  status: '状态',
  payment: '付款',
  customer: '顾客',
  items: '件数',
  total: '合计',
  back: '返回订单',
  lines: '商品',
  product: '商品',
  quantity: '数量',
  price: '价格',
  shopper: '顾客',
  phone: '电话',
  address: '地址',
  comment: '备注',
  subtotal: '小计',
  discount: '优惠',
  tip: '小费',
  tax: '税',
  shipping: '运费',
  storeCredit: '储值',
  refunded: '已退款',
  refundable: '可退款',
  payments: '支付',
  refunds: '退款',
  history: '记录',
  noHistory: '暂无操作',
  moves: '操作',
  noMoves: '此订单现在无可操作',
  'move.ready': '可取货',
  'move.out-for-delivery': '已出发配送',
  'move.completed': '已完成',
  'move.cancelled': '取消订单',
  cancelConfirm: '取消此订单？已付款的订单将全额退款。',
  note: '备注（可选）',
  refund: '退款',
  refundAll: '退还剩余全部',
  refundPart: '部分退款',
  amount: '金额',
  reason: '原因',
  refundDone: '退款 {id} 已记录：{amount}',
  refundRepeated: '此请求已退款，未重复退款',
  moved: '订单 {id} 现为 {status}',
  confirm: '确认',
  cancel: '关闭',
  print: '打印',
  toPrepare: '待备货',
  nothingToPrepare: '无需备货',
  when: '时间',
  who: '操作人',
  what: '操作',
  role: '角色',
  lastSignIn: '上次登录',
  locked: '已锁定',
  disabled: '已停用',
  refresh: '刷新',
  notFound: '未找到',
  ordersOf: '订单 {ids}',
  ownerOnly: '仅店主可以打开此页',
};

const STATUS: Record<Lang, Record<string, string>> = {
  en: {
    INTERIM: 'Waiting for payment', NEW: 'New', READY_FOR_PICKUP: 'Ready for pickup', OUT_FOR_DELIVERY: 'Out for delivery', COMPLETED: 'Completed',
    CANCELLED: 'Cancelled', REFUND_PENDING: 'Refund pending', REFUNDED: 'Refunded', DISPUTED: 'Disputed', CHARGED_BACK: 'Charged back',
    PICKUP: 'Pickup', DELIVERY: 'Delivery', EAT_IN: 'Eat in', NOT_PAID: 'Not paid', PAY_AT_STORE: 'Pay at the store', PAID_ONLINE: 'Paid online',
    PAID_BY_DISCOUNT: 'Paid by discount', PENDING: 'Pending', DONE: 'Done', PAID: 'Paid', FAILED: 'Failed', VOID: 'Void', owner: 'Owner', staff: 'Staff',
  },
  zh: {
    INTERIM: '待付款', NEW: '新订单', READY_FOR_PICKUP: '可取货', OUT_FOR_DELIVERY: '配送中', COMPLETED: '已完成',
    CANCELLED: '已取消', REFUND_PENDING: '退款中', REFUNDED: '已退款', DISPUTED: '争议中', CHARGED_BACK: '已拒付',
    PICKUP: '自取', DELIVERY: '配送', EAT_IN: '堂食', NOT_PAID: '未付款', PAY_AT_STORE: '到店付款', PAID_ONLINE: '在线支付',
    PAID_BY_DISCOUNT: '优惠抵扣', PENDING: '处理中', DONE: '完成', PAID: '已付', FAILED: '失败', VOID: '作废', owner: '店主', staff: '员工',
  },
};

export function initialLang(): Lang {
  const kept = localStorage.getItem('istore-admin-lang');
  if (kept === 'en' || kept === 'zh') return kept;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function keepLang(lang: Lang) {
  localStorage.setItem('istore-admin-lang', lang);
}

export function texts(lang: Lang) {
  const dict = lang === 'zh' ? zh : en;
  const t = (key: Key, vars: Record<string, string | number> = {}) =>
    dict[key].replace(/\{(\w+)\}/g, (_m, k: string) => String(vars[k] ?? ''));
  const word = (code: string) => STATUS[lang][code] ?? code;
  const money = (minor: number, currency: string) => {
    const f = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { style: 'currency', currency });
    const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
    return f.format(minor / 10 ** digits);
  };
  const decimals = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const time = (iso: string) => new Date(iso).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-CA', { dateStyle: 'medium', timeStyle: 'short' });
  return { lang, t, word, money, decimals, time };
}
export type Texts = ReturnType<typeof texts>;
