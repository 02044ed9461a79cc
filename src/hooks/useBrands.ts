/** The store's brands that list products (spec §7 GET /productManagement/brands); none while loading or on failure. */
import { useEffect, useState } from 'react'
import type { Brand } from '@/api/catalog'
import { loadBrands } from './useListHeading'

export function useBrands(): Brand[] {
  const [brands, setBrands] = useState<Brand[]>([])
  useEffect(() => {
    let live = true
    loadBrands().then(
      (list) => live && setBrands(list),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [])
  return brands
}
