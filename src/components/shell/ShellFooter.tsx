import { Footer } from './Footer'

/** The footer under every page. H5 (ShellFooter.h5.tsx) fetches it once the first page has loaded. */
export function ShellFooter() {
  return <Footer />
}
