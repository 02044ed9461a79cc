import type { PropsWithChildren } from 'react'
import { View } from '@tarojs/components'
import { followLink, type LinkProps } from './followLink'

export type { LinkProps } from './followLink'

/**
 * Navigation that goes somewhere. Mini-programs have no anchors: a tappable view with the link role. H5
 * (Link.h5.tsx) renders a real `<a href>`, so a long press, a middle click and a crawler all work.
 */
export function Link({ to, external, className, label, onFollow, onTap, current, children, ...dataAttributes }: PropsWithChildren<LinkProps>) {
  return (
    <View
      className={className}
      role="link"
      tabIndex={0}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      {...dataAttributes}
      onClick={() => followLink({ to, external, onFollow, onTap })}
    >
      {children}
    </View>
  )
}
