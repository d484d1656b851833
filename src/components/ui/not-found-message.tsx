import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import styles from './not-found-message.module.css'

/**
 * What a visitor sees where there is nothing to show: a heading, one line saying why, and the way
 * back. `mark` is a large decorative line above the heading (the 404 page's "404").
 */
export function NotFoundMessage({
  title,
  reason,
  back,
  mark,
}: {
  title: string
  reason: string
  back: { to: string; label: string; icon: ReactNode; tone: 'primary' | 'secondary' }
  mark?: string
}) {
  return (
    <section className="section">
      <div className={`container ${styles.box}`}>
        {mark && (
          <p className={styles.mark} aria-hidden="true">
            {mark}
          </p>
        )}
        <h1>{title}</h1>
        <p className={styles.reason}>{reason}</p>
        <Link to={back.to} className={`btn btn-${back.tone}`}>
          {back.icon}
          {back.label}
        </Link>
      </div>
    </section>
  )
}
