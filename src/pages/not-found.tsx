import { Home } from 'lucide-react'
import { PAGE_NAMES } from '#domain/page-titles.ts'
import { NotFoundMessage } from '#src/components/ui/not-found-message.tsx'
import { usePageTitle } from './use-page-title'

export function NotFoundPage() {
  usePageTitle(PAGE_NAMES.notFound)
  return (
    <NotFoundMessage
      mark="404"
      title="Oops! Page not found"
      reason="The page you are looking for may have moved, or the address may be mistyped."
      back={{ to: '/', label: 'Back to Home', icon: <Home aria-hidden="true" size={18} />, tone: 'primary' }}
    />
  )
}
