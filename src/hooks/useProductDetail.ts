/**
 * The product's detail (spec §7 GET /productDetailManagement/productDetail/{id}): the rich text and image blocks shown
 * under its description, and the stock of each option pair (its variants), which greys the sold-out option values.
 * None while loading or when it cannot be read: the page still has the description, and the chosen pair's own stock.
 */
import { useEffect, useState } from 'react'
import { catalogApi, type DetailBlock } from '@/api/catalog'
import type { VariantStock } from '@/domain/options'

export function useProductDetail(id: string): { blocks: DetailBlock[]; variants: VariantStock[] | null } {
  const [detail, setDetail] = useState<{ id: string; blocks: DetailBlock[]; variants: VariantStock[] } | null>(null)
  useEffect(() => {
    let live = true
    if (id) {
      catalogApi.productDetail(id).then(
        (r) => live && setDetail({ id, blocks: r.detail, variants: r.variants }),
        () => undefined
      )
    }
    return () => {
      live = false
    }
  }, [id])
  return detail?.id === id ? detail : { blocks: [], variants: null }
}
