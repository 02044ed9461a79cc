/**
 * The heading of a product list (spec §7 GET /productManagement2/category/{name}, /tag/{name}, /productManagement/brands):
 * a category's or tag's title, short text and banner, a brand's name in the shopper's language. Null for lists of
 * everything or clearance, and when it cannot be read (the page then names the list by its filter).
 */
import { useEffect, useState } from 'react'
import { catalogApi, type Brand, type ListHeading } from '@/api/catalog'
import { ApiError } from '@/api/http'
import { platform } from '@/platform'
import type { ListSubject } from './useProductList'

const headings = new Map<string, Promise<ListHeading | null>>()
let brandList: Promise<Brand[]> | null = null

/**
 * Headings kept on the device (few, small), beside the lists' first pages (useProductList): a list shown at once on a
 * revisit or a cold start has its banner at once too, instead of the banner pushing the shown cards down.
 */
const STORAGE_KEY = 'istore.listHeadings'
const STORAGE_LIMIT = 8
type StoredHeadings = { key: string; value: ListHeading | null }[]

const storedHeading = (key: string) => platform.storage.get<StoredHeadings>(STORAGE_KEY)?.find((h) => h.key === key)

function storeHeading(key: string, value: ListHeading | null): void {
  const others = (platform.storage.get<StoredHeadings>(STORAGE_KEY) ?? []).filter((h) => h.key !== key)
  platform.storage.set(STORAGE_KEY, [{ key, value }, ...others].slice(0, STORAGE_LIMIT))
}

/** The brands that list products, read once per visit (a failure is asked again next time). */
export function loadBrands(): Promise<Brand[]> {
  const load = (brandList ??= catalogApi.brands().then((r) => r.brands.filter((b) => b.productCount > 0)))
  load.catch(() => {
    if (brandList === load) brandList = null
  })
  return load
}

/** Test seam: each component test starts without the answers of an earlier one; `keepStored` leaves the device's, as a restart does. */
export function clearListHeadings({ keepStored = false } = {}): void {
  headings.clear()
  brandList = null
  if (!keepStored) platform.storage.remove(STORAGE_KEY)
}

function headingOf(subject: ListSubject): Promise<ListHeading | null> {
  if (subject.kind === 'category') return catalogApi.categoryHeading(subject.name).then((r) => r.heading)
  if (subject.kind === 'tag') return catalogApi.tagHeading(subject.name).then((r) => r.heading)
  if (subject.kind === 'brand') {
    const name = subject.name.toLowerCase()
    return loadBrands().then((all) => {
      const brand = all.find((b) => b.name.toLowerCase() === name)
      return brand ? { title: brand.nameContent, blurb: null, banner: null } : null
    })
  }
  return Promise.resolve(null)
}

/**
 * The list's heading: undefined while it loads (the page keeps what would sit under its banner back until then, so
 * nothing moves down when it comes), null when the list has none.
 */
export function useListHeading(subject: ListSubject): ListHeading | null | undefined {
  const key = subject.kind === 'all' || subject.kind === 'clearance' ? subject.kind : `${subject.kind}:${subject.name.toLowerCase()}`
  const [heading, setHeading] = useState<{ key: string; value: ListHeading | null } | null>(() => storedHeading(key) ?? null)
  useEffect(() => {
    let live = true
    let load = headings.get(key)
    if (!load) {
      // A list without a heading (4xx: no such category) stays so for the visit; a failed connection is asked again.
      load = headingOf(subject).then((value) => {
        storeHeading(key, value)
        return value
      }, (err: unknown) => {
        if (!(err instanceof ApiError && err.status >= 400 && err.status < 500)) headings.delete(key)
        return null
      })
      headings.set(key, load)
    }
    void load.then((value) => live && setHeading({ key, value }))
    return () => {
      live = false
    }
  }, [key]) // the key names the subject
  if (subject.kind === 'all' || subject.kind === 'clearance') return null
  return heading?.key === key ? heading.value : undefined
}
