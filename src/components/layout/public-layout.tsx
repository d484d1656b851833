import { Outlet, ScrollRestoration, useLoaderData } from 'react-router-dom'
import type { SiteTexts } from '../../../domain/content-item'
import { SiteTextsProvider } from '../../features/content/site-texts'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import styles from './public-layout.module.css'

export function PublicLayout() {
  const { texts } = useLoaderData() as { texts: Promise<SiteTexts> }
  return (
    <SiteTextsProvider pending={texts}>
      <div className={styles.page}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <ScrollRestoration />
    </SiteTextsProvider>
  )
}
