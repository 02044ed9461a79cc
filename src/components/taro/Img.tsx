import { Image, type ImageProps } from '@tarojs/components'

export type ImgProps = Omit<ImageProps, 'nativeProps'> & { alt: string }

/** Taro's Image with alternative text (mini-programs: on the native image's attributes). */
export function Img({ alt, ...props }: ImgProps) {
  return <Image {...props} nativeProps={{ alt }} />
}
