import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import styles from './public-layout.module.css'

export function PublicLayout() {
  return (
    <div className={styles.page}>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}

/** A new page starts at its top; a change of filter (the query) keeps the reader where they are. */
function ScrollToTop() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}
