/**
 * Mini-programs have no address bar: a page's state stays in the page. H5 (addressBar.h5.ts) writes it into the
 * browser's address, so a reload or a shared link keeps the search term and the sort.
 */
export function showInAddressBar(_update: { path?: string; param?: [string, string] }): void {}
