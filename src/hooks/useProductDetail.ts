/**
 * The product's rich detail (spec §7 GET /productDetailManagement/productDetail/{id}): text and image blocks shown under
 * its description. None while loading or when it cannot be read: the page still has the description.
 */
import { useEffect, useState } from 'react'
import { catalogApi, type DetailBlock } from '@/api/catalog'

export function useProductDetail(id: string): DetailBlock[] {
  const [detail, setDetail] = useState<{ id: string; blocks: DetailBlock[] } | null>(null)
  useEffect(() => {
    let live = true
    if (id) {
      catalogApi.productDetail(id).then(
        (r) => live && setDetail({ id, blocks: r.detail }),
        () => undefined
      )
    }
    return () => {
      live = false
    }
  }, [id])
  return detail?.id === id ? detail.blocks : []
}
