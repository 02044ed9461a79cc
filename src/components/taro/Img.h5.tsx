import { Image } from '@tarojs/components'
import type { ImgProps } from './Img'

export type { ImgProps } from './Img'

/** H5: Taro's HTML Image (config h5.useHtmlComponents) puts imgProps on its inner <img>. */
const HtmlImage = Image as unknown as (props: Omit<ImgProps, 'alt'> & { imgProps: { alt: string } }) => JSX.Element

export function Img({ alt, ...props }: ImgProps) {
  return <HtmlImage {...props} imgProps={{ alt }} />
}
