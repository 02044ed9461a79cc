/** "Title · Store" for a page, the store's name alone for the home page. */
export function pageTitle(title: string | undefined, storeName: string): string {
  return title && title !== storeName ? `${title} · ${storeName}` : storeName
}
