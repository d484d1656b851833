import { Link } from 'react-router-dom'
import { useText, useTextsKnown } from '#src/features/content/site-texts.tsx'
import styles from './brand-mark.module.css'

/** The site's name with a small sprouting-seed mark, drawn in SVG (no images to load). */
export function BrandMark({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const siteName = useText('site', 'siteName')
  const known = useTextsKnown()
  return (
    <Link to="/" className={`${styles.brand} ${tone === 'light' ? styles.light : ''}`}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" fill="currentColor" />
        <path d="M16 25v-9" stroke="#fbf7f0" strokeWidth="2.2" strokeLinecap="round" />
        <path d="M16 17c0-4.5 3-7.5 7.5-7.5 0 4.5-3 7.5-7.5 7.5Z" fill="#e0a23a" />
        <path d="M16 19.5c0-3.6-2.4-6-6-6 0 3.6 2.4 6 6 6Z" fill="#fbf7f0" />
      </svg>
      <span className={known ? undefined : styles.unknown}>{siteName}</span>
    </Link>
  )
}
