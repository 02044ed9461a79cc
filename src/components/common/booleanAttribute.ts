/**
 * A boolean attribute that is present only when true. Taro's H5 components are web components and React 18
 * writes `disabled={false}` on them as the attribute disabled="false", which their CSS reads as disabled.
 */
export function onlyWhen(condition: boolean | undefined): true | undefined {
  return condition ? true : undefined
}
