import { Link } from 'react-router-dom'
import { useText, useTextsKnown } from '#src/features/content/site-texts.tsx'
import { BrandMark } from './brand-mark'
import { NAV_LINKS } from '#domain/route-map.ts'
import styles from './site-footer.module.css'

/** The copyright line reads 2025, the year the site was specified (docs/product.md, Footer). */
const COPYRIGHT_YEAR = 2025

export function SiteFooter() {
  const siteName = useText('site', 'siteName')
  const tagline = useText('site', 'footerTagline')
  // Held back, their room kept, until the site's own texts are known (site-texts.tsx).
  const hidden = useTextsKnown() ? undefined : styles.unknown
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.about}>
          <BrandMark tone="light" />
          <p className={hidden}>{tagline}</p>
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
        <p className={hidden}>
          © {COPYRIGHT_YEAR} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
