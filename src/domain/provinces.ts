/**
 * Names of the provinces and territories the store locations carry as codes (spec §3 store location address.province),
 * so the location modal says "Ontario", not "ON". A code not listed is shown as it is.
 */
const NAMES: Record<string, { en: string; zh: string }> = {
  AB: { en: 'Alberta', zh: '阿尔伯塔省' },
  BC: { en: 'British Columbia', zh: '不列颠哥伦比亚省' },
  MB: { en: 'Manitoba', zh: '曼尼托巴省' },
  NB: { en: 'New Brunswick', zh: '新不伦瑞克省' },
  NL: { en: 'Newfoundland and Labrador', zh: '纽芬兰与拉布拉多省' },
  NS: { en: 'Nova Scotia', zh: '新斯科舍省' },
  NT: { en: 'Northwest Territories', zh: '西北地区' },
  NU: { en: 'Nunavut', zh: '努纳武特地区' },
  ON: { en: 'Ontario', zh: '安大略省' },
  PE: { en: 'Prince Edward Island', zh: '爱德华王子岛省' },
  QC: { en: 'Quebec', zh: '魁北克省' },
  SK: { en: 'Saskatchewan', zh: '萨斯喀彻温省' },
  YT: { en: 'Yukon', zh: '育空地区' }
}

export function provinceName(code: string, language: 'en' | 'zh'): string {
  return NAMES[code.trim().toUpperCase()]?.[language] ?? code
}
