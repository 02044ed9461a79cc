import { createElement, forwardRef, type HTMLAttributes } from 'react'

type ViewProps = HTMLAttributes<HTMLDivElement> & { hoverClass?: string; hoverStartTime?: number; hoverStayTime?: number }

/**
 * H5: View as a plain <div>, standing in for Taro's HTML View (@tarojs/components-react, config/index.ts replaces its
 * module; tests/support/taroComponentsH5.js does the same). Taro's keeps className in state and copies it there in an
 * effect, so a changed class painted a render after the other attributes (the footer's open group showed its links a
 * frame after aria-expanded said so) and every View ran an effect as it mounted. The store uses none of its hover props.
 */
const HtmlView = forwardRef<HTMLDivElement, ViewProps>(function HtmlView({ hoverClass: _hoverClass, hoverStartTime: _start, hoverStayTime: _stay, ...props }, ref) {
  return createElement('div', { ...props, ref })
})

export default HtmlView
