/** Spec §2 "Menu link mapping": the mapping lives in shared/ (the server's shop-file rules check links by it). */
export * from '@shared/linkMapping'
