/** What Link.tsx and Link.h5.tsx share (a module of its own: on H5 './Link' resolves to Link.h5.tsx). */
import { platform } from '@/platform'

export interface LinkProps {
  /** The public URL it goes to (shared/routes.ts), or an https URL with `external`. */
  to: string
  /** Opens outside the app (a new tab on H5, the platform's own way on the mini-programs). */
  external?: boolean
  className?: string
  /** The accessible name when the content alone does not say it. */
  label?: string
  /** Runs before following the link (closing a menu). */
  onFollow?(): void
  /**
   * Handles a plain tap in the page instead of opening `to` (a search suggestion searches where it is); the href stays
   * for a new tab, a long press and crawlers.
   */
  onTap?(): void
  /** The link is to the page shown (aria-current="page"). */
  current?: boolean
  /** data-* attributes, passed on as they are (tests and the e2e harness find links by them). */
  [dataAttribute: `data-${string}`]: string | undefined
}

export const followLink = ({ to, external, onFollow, onTap }: Pick<LinkProps, 'to' | 'external' | 'onFollow' | 'onTap'>) => {
  onFollow?.()
  if (onTap) onTap()
  else if (external) platform.openExternal(to)
  else platform.navigate(to)
}
