/** Mini-programs have no keyboard navigation to skip: nothing. H5: SkipLink.h5.tsx. */
export function SkipLink() {
  return null
}
