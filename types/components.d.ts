import '@tarojs/components/types/common'

declare module '@tarojs/components/types/common' {
  interface StandardProps {
    /** Keyboard focus on H5 for views that act as buttons or links (the mini-programs have no keyboard and ignore it). */
    tabIndex?: number
    /** ARIA role: WeChat reads it out too (its accessibility mode), H5 passes it to the element. */
    role?: string
  }
}
