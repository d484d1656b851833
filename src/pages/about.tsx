import { Check } from 'lucide-react'
import { Link } from 'react-router-dom'
import { CoachPortrait } from '#src/features/content/coach-portrait.tsx'
import { isString, useListText, useText } from '#src/features/content/site-texts.tsx'
import { usePageTexts } from './use-page-title'
import styles from './about.module.css'
import { PageHero } from '#src/components/ui/page-hero.tsx'
import { OnwardLink } from '#src/components/ui/onward-link.tsx'
import { TitledSection } from '#src/components/ui/titled-section.tsx'

export function AboutPage() {
  const { eyebrow, title, intro } = usePageTexts('about')
  const beliefs = useListText('about', 'beliefs', isString)

  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} intro={intro} />

      <section className="section section-alt">
        <div className={`container ${styles.bioGrid}`}>
          {/* The frame keeps its 4:5 shape whatever the photo's, so nothing moves when it loads. */}
          <CoachPortrait className={styles.portrait} width={640} height={800} sizes="(min-width: 56rem) 20rem, 12rem" priority />
          <div className={styles.prose}>
            <h2>Biography</h2>
            <p>{useText('about', 'bio')}</p>
            <h2>My story</h2>
            <p>{useText('about', 'story')}</p>
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container grid grid-2">
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

      <TitledSection id="beliefs-title" title={useText('about', 'beliefsTitle')} tone="section-tint">
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
          <OnwardLink to="/book-now" className="btn btn-primary">
            Book Now
          </OnwardLink>
          <Link to="/resources" className="btn btn-outline">
            Free Resources
          </Link>
        </div>
      </TitledSection>
    </>
  )
}
