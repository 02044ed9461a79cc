import type { MouseEvent, PropsWithChildren } from 'react'
import { followLink, type LinkProps } from './followLink'
import './Link.scss'

export type { LinkProps } from './followLink'

/**
 * H5: a real anchor. A plain click or tap stays in the app (Taro's router, no reload); a modified or middle click,
 * a long press's "open in new tab" and crawlers get the browser's own handling of the href.
 */
export function Link({ to, external, className, label, onFollow, onTap, current, children, ...dataAttributes }: PropsWithChildren<LinkProps>) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    followLink({ to, external, onFollow, onTap })
  }
  return (
    <a
      className={`link${className ? ` ${className}` : ''}`}
      href={to}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      {...(external ? { target: '_blank', rel: 'noopener' } : {})}
      {...dataAttributes}
      onClick={onClick}
    >
      {children}
    </a>
  )
}
