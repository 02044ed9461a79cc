export declare const defineButton: () => void
export declare const defineCheckbox: () => void
export declare const defineInput: () => void
export declare const defineLabel: () => void
export declare const definePicker: () => void
export declare const defineRichText: () => void
export declare const defineTextarea: () => void
/** A React component for one of Taro's web components, made the way '@tarojs/components' makes them. */
export declare const wrapWebComponent: <T>(tag: string, define: () => void) => T
