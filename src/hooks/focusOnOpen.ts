/**
 * Props for a field that takes the focus when its page opens (the phone keyboard comes up): on the mini-programs the
 * input's `focus`. H5 has its own, focusOnOpen.h5.ts.
 */
export function useFocusOnOpen(enabled: boolean): { focus?: boolean } {
  return { focus: enabled }
}
