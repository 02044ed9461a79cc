import { Link } from '@/components/common/Link'
import './AccountForm.scss'

/** In-store link to a public URL of the spec. */
export function TextLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Link className={`account-form__link ${className ?? ''}`} to={to}>
      {label}
    </Link>
  )
}
