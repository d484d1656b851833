import { Link } from 'react-router-dom'
import { useText } from '#src/features/content/site-texts.tsx'
import { BrandMark } from './brand-mark'
import { NAV_LINKS } from '#domain/route-map.ts'
import styles from './site-footer.module.css'

/** The copyright line reads 2025, the year the site was specified (docs/product.md, Footer). */
const COPYRIGHT_YEAR = 2025

export function SiteFooter() {
  const siteName = useText('site', 'siteName')
  const tagline = useText('site', 'footerTagline')
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.about}>
          <BrandMark tone="light" />
          <p>{tagline}</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {COPYRIGHT_YEAR} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
