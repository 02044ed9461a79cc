import type { ComponentType } from 'react'

export declare const defineButton: () => void
export declare const defineCheckbox: () => void
export declare const defineInput: () => void
export declare const defineLabel: () => void
export declare const definePicker: () => void
export declare const defineRichText: () => void
export declare const defineTextarea: () => void
export declare const manipulatePropsFunction: (originalProps: unknown, propsToPass?: Record<string, unknown>) => unknown
export declare const createReactComponent: (
  tagName: string,
  context: undefined,
  manipulateProps: typeof manipulatePropsFunction,
  defineCustomElement: () => void
) => ComponentType<unknown>
