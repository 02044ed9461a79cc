import type { PropsWithChildren } from 'react'
import { View } from '@tarojs/components'
import type { MenuLinkTarget } from '@/domain/linkMapping'
import { followMenuTarget } from '@/hooks/useMenuEntries'
import { Link, type LinkProps } from './Link'

/**
 * A link the store configured (a menu entry, a banner, a category tile): a page or an outside address is a Link (an
 * `<a href>` on H5); a phone number dials; no link only runs `onFollow`. `onFollow` runs first (closing a menu).
 */
export function ConfiguredLink({ target, className, label, onFollow, children, ...dataAttributes }: PropsWithChildren<Omit<LinkProps, 'to' | 'external'> & { target: MenuLinkTarget }>) {
  if (target.kind === 'internal' || target.kind === 'external') {
    return (
      <Link className={className} to={target.url} external={target.kind === 'external'} label={label} onFollow={onFollow} {...dataAttributes}>
        {children}
      </Link>
    )
  }
  const follow = () => {
    onFollow?.()
    followMenuTarget(target)
  }
  return (
    <View className={className} role="link" tabIndex={0} aria-label={label} {...dataAttributes} onClick={follow}>
      {children}
    </View>
  )
}
