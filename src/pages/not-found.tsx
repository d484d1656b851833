import { Home } from 'lucide-react'
import { Link } from 'react-router-dom'
import { usePageTitle } from './use-page-title'
import styles from './not-found.module.css'

export function NotFoundPage() {
  usePageTitle('Page not found')
  return (
    <section className="section">
      <div className={`container ${styles.box}`}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1>Oops! Page not found</h1>
        <p>The page you are looking for may have moved, or the address may be mistyped.</p>
        <Link to="/" className="btn btn-primary">
          <Home aria-hidden="true" size={18} />
          Back to Home
        </Link>
      </div>
    </section>
  )
}
