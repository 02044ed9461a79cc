/**
 * The inline style of a LazyImage's box (both platforms' versions): its shape is height / width = ratio.
 * `aspect-ratio` sizes it from its own width, which is its wrapper's (the LazyImage's className sits on that
 * wrapper, so a 120 px portrait's box is 120 px wide and square). The padding-top percentage is the fallback where aspect-ratio is unknown (LazyImage.scss turns it off
 * where it is known): a percentage padding is of the containing block's width, which is the box's own width only
 * when the box spans it.
 */
export function lazyImageBoxStyle(ratio: number): { paddingTop: string; aspectRatio: string } {
  return { paddingTop: `${ratio * 100}%`, aspectRatio: `1 / ${ratio}` }
}
