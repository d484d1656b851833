import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'

/** A link to the next step, its arrow after the text. */
export function OnwardLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      {children}
      <ArrowRight aria-hidden="true" size={18} />
    </Link>
  )
}
