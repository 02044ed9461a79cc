import { useEffect, useState } from 'react'
import { catalogApi, type Category } from '@/api/catalog'

let cached: Category[] | null = null

/** Test seam. */
export function clearCategoriesCache(): void {
  cached = null
}

/** Categories that have products, for the shop's chips; empty when they cannot be read (the list still works). */
export function useCategories(): Category[] {
  const [categories, setCategories] = useState<Category[]>(cached ?? [])
  useEffect(() => {
    if (cached) return
    let live = true
    catalogApi.categories().then(
      (r) => {
        cached = r.categories.filter((c) => c.productCount > 0)
        if (live) setCategories(cached)
      },
      () => undefined
    )
    return () => {
      live = false
    }
  }, [])
  return categories
}
