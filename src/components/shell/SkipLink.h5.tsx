import { useT } from '@/hooks/useT'
import '@/i18n/web'
import './SkipLink.scss'

/** The first tab stop: jumps past the header and menu to the page's main area (Shell's `#main`). Shown on focus. */
export function SkipLink() {
  const t = useT()
  return (
    <a className="shell__skip" href="#main">
      {t('shell.skipToContent')}
    </a>
  )
}
