/**
 * Taro views that act as buttons, links, radios or tabs (role plus tabIndex) are not native controls, so the browser
 * does not press them from the keyboard. One listener does it for all: Enter on any of them, Space on all but links
 * (as on native buttons), clicks the focused view, which runs its onClick; not one marked aria-disabled (a disabled
 * Taro button still runs its onClick when clicked).
 */
const PRESSABLE = new Set(['button', 'link', 'radio', 'tab', 'menuitem', 'option', 'checkbox', 'switch'])

export function pressKey(event: KeyboardEvent): void {
  if (event.key !== 'Enter' && event.key !== ' ') return
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
  const target = event.target as HTMLElement | null
  const role = target?.getAttribute?.('role')
  if (!target || !role || !PRESSABLE.has(role)) return
  if (target.getAttribute('aria-disabled') === 'true') return
  // native controls already answer the keyboard themselves
  if (/^(A|BUTTON|INPUT|SELECT|TEXTAREA|SUMMARY)$/.test(target.tagName)) return
  if (event.key === ' ' && role === 'link') return
  event.preventDefault() // Space would otherwise scroll the page
  target.click()
}

export function installKeyboardPress(doc: Document = document): void {
  doc.addEventListener('keydown', pressKey)
}
