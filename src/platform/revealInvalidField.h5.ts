/** Room kept above a revealed field's label, below the sticky header when there is one (CSS px). */
const ROOM_ABOVE = 16

/**
 * H5 side of platform.revealInvalidField (see types.ts). Taro keeps the pages of the navigation stack in the document,
 * hidden, so the field is looked for on the shown page only.
 */
export function revealInvalidField(scope = ''): void {
  const box = Array.from(document.querySelectorAll<HTMLElement>(`${scope} .field--invalid`.trim())).find(onShownPage)
  if (!box) return
  // A text field's <input> is drawn by Taro's web component, which takes its new aria-invalid a frame later: the
  // box's own field is its input then (a box holds one; a box of several choice groups marks the invalid group).
  const control = box.querySelector<HTMLElement>('[aria-invalid="true"]') ?? box.querySelector<HTMLElement>('input, textarea')
  const target = control?.getAttribute('role') === 'radiogroup' ? control.querySelector<HTMLElement>('[role="radio"]') : control
  target?.focus({ preventScroll: true })
  bringUnderHeader(box)
}

/** H5 side of platform.reveal (see types.ts): the first `selector` of the shown page, under the sticky header. */
export function reveal(selector: string): void {
  const element = Array.from(document.querySelectorAll<HTMLElement>(selector)).find(onShownPage)
  if (element) bringUnderHeader(element)
}

function bringUnderHeader(element: HTMLElement): void {
  const header = Array.from(document.querySelectorAll<HTMLElement>('.header--floating')).find(onShownPage)
  const top = Math.max(0, header?.getBoundingClientRect().bottom ?? 0) + ROOM_ABOVE
  const distance = element.getBoundingClientRect().top - top
  // Taro's H5 pages scroll inside their own page box, not the window (unless the app scrolls the window).
  const scroller = scrollingAncestor(element)
  if (scroller) scroller.scrollTop += distance
  else window.scrollTo({ top: window.scrollY + distance })
}

function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let el = element.parentElement; el && el !== document.body; el = el.parentElement) {
    if (/^(auto|scroll)$/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight) return el
  }
  return null
}

function onShownPage(element: HTMLElement): boolean {
  const page = element.closest<HTMLElement>('.taro_page')
  return !page || getComputedStyle(page).display !== 'none'
}
