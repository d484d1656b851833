import { ArrowRight, Check } from 'lucide-react'
import { Link } from 'react-router-dom'
import { isString, useListText, useText } from '../features/content/site-texts'
import { usePageTitle } from './use-page-title'
import styles from './about.module.css'

export function AboutPage() {
  const title = useText('about', 'title')
  const coachName = useText('site', 'coachName')
  const beliefs = useListText('about', 'beliefs', isString)
  usePageTitle(title)

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">About</span>
          <h1>{title}</h1>
          <p>{useText('about', 'intro')}</p>
        </div>
      </section>

      <section className="section section-alt">
        <div className={`container ${styles.bioGrid}`}>
          <div className={styles.portrait} aria-hidden="true">
            <span>{coachName.charAt(0)}</span>
          </div>
          <div className={styles.prose}>
            <h2>Biography</h2>
            <p>{useText('about', 'bio')}</p>
            <h2>My story</h2>
            <p>{useText('about', 'story')}</p>
          </div>
        </div>
      </section>

      <section className="section">
        <div className={`container ${styles.vmGrid}`}>
          <div className={`card ${styles.vmCard}`}>
            <span className="eyebrow">{useText('home', 'visionTitle')}</span>
            <p>{useText('home', 'visionText')}</p>
          </div>
          <div className={`card ${styles.vmCard}`}>
            <span className="eyebrow">{useText('home', 'missionTitle')}</span>
            <p>{useText('home', 'missionText')}</p>
          </div>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="beliefs-title">
        <div className="container">
          <div className="section-intro">
            <h2 id="beliefs-title">What I believe</h2>
          </div>
          <ul className={styles.beliefs}>
            {beliefs.map((belief) => (
              <li key={belief}>
                <span className={styles.check} aria-hidden="true">
                  <Check size={18} />
                </span>
                {belief}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Link to="/book-now" className="btn btn-primary">
              Book Now
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
            <Link to="/resources" className="btn btn-outline">
              Free Resources
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}
