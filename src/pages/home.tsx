import { HandHeart, Quote, Sprout, Users } from 'lucide-react'
import { Link } from 'react-router-dom'
import { CoachPortrait } from '#src/features/content/coach-portrait.tsx'
import { isTitledText, useListText, useText } from '#src/features/content/site-texts.tsx'
import { TitledSection } from '#src/components/ui/titled-section.tsx'
import { OnwardLink } from '#src/components/ui/onward-link.tsx'
import { usePageTitle } from './use-page-title'
import styles from './home.module.css'

type Testimonial = { quote: string; name: string; detail?: string }
const isTestimonial = (item: unknown): item is Testimonial =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as Testimonial).quote === 'string' &&
  typeof (item as Testimonial).name === 'string'

const WHY_ICONS = [Users, HandHeart, Sprout]

export function HomePage() {
  usePageTitle(null)
  const whyPoints = useListText('home', 'whyPoints', isTitledText)
  const testimonials = useListText('home', 'testimonials', isTestimonial)

  return (
    <>
      <section className={styles.hero}>
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <span className="eyebrow">{useText('home', 'heroEyebrow')}</span>
            <h1>{useText('home', 'heroTitle')}</h1>
            <p className={styles.lead}>{useText('home', 'heroSubtitle')}</p>
            <div className={styles.actions}>
              <OnwardLink to="/about" className="btn btn-primary">
                Meet {useText('site', 'coachName').split(' ')[0]}
              </OnwardLink>
              <Link to="/resources" className="btn btn-on-dark">
                Free Resources
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="vision-title">
        <div className={`container ${styles.visionGrid}`}>
          <div className={styles.visionCard}>
            <span className="eyebrow">{useText('home', 'visionTitle')}</span>
            <p id="vision-title" className={styles.visionText}>
              {useText('home', 'visionText')}
            </p>
          </div>
          <div>
            <h2 className={styles.missionTitle}>{useText('home', 'missionTitle')}</h2>
            <p className={styles.missionText}>{useText('home', 'missionText')}</p>
          </div>
        </div>
      </section>

      <TitledSection id="why-title" title={useText('home', 'whyFinanceTitle')} intro={useText('home', 'whyFinanceText')}>
        <ul className={`grid grid-3 ${styles.whyList}`}>
          {whyPoints.map((point, index) => {
            const Icon = WHY_ICONS[index % WHY_ICONS.length]!
            return (
              <li key={point.title} className={`card ${styles.whyCard}`}>
                <span className={`icon-tile ${styles.whyIcon}`} aria-hidden="true">
                  <Icon size={24} />
                </span>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            )
          })}
        </ul>
      </TitledSection>

      <TitledSection id="testimonials-title" title={useText('home', 'testimonialsTitle')} tone="section-tint" center>
        <ul className={`grid grid-2 ${styles.testimonials}`}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.name} className={`card ${styles.testimonial}`}>
              <figure>
                <Quote aria-hidden="true" size={28} className={styles.quoteMark} />
                <blockquote>
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption>
                  <span className={`disc ${styles.avatar}`} aria-hidden="true">
                    {testimonial.name.charAt(0)}
                  </span>
                  <span>
                    <strong>{testimonial.name}</strong>
                    {testimonial.detail && <span className={styles.detail}>{testimonial.detail}</span>}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </TitledSection>

      <section className="section" aria-labelledby="cta-title">
        <div className="container">
          <div className={styles.cta}>
            <CoachPortrait className={styles.ctaPortrait} width={320} height={320} sizes="8rem" />
            <h2 id="cta-title">{useText('home', 'ctaTitle')}</h2>
            <p>{useText('home', 'ctaText')}</p>
            <div className={styles.actions}>
              <Link to="/about" className="btn btn-primary">
                About {useText('site', 'coachName').split(' ')[0]}
              </Link>
              <Link to="/blog" className="btn btn-on-dark">
                Read the Blog
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  )
}

/** A calm abstract of growth: hills, a rising sun and a sprouting seed, in SVG. */
function HeroArt() {
  return (
    <svg className={styles.heroArt} viewBox="0 0 400 360" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="sun" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#ebb553" />
          <stop offset="1" stopColor="#e0a23a" />
        </linearGradient>
        <clipPath id="hero-clip">
          <circle cx="200" cy="180" r="178" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-clip)">
        <rect width="400" height="360" fill="#1f5240" />
        <circle cx="250" cy="150" r="92" fill="url(#sun)" opacity="0.95" />
        <circle cx="250" cy="150" r="132" fill="none" stroke="#ebb553" strokeOpacity="0.35" strokeWidth="2" />
        <path d="M0 280c70-50 140-60 210-30s130 20 190-20v130H0Z" fill="#2d6b55" />
        <path d="M0 310c80-30 160-30 240 0s110 10 160-10v100H0Z" fill="#215744" />
        <path d="M200 262v-58" stroke="#fbf7f0" strokeWidth="6" strokeLinecap="round" />
        <path d="M200 214c0-28 19-47 47-47 0 28-19 47-47 47Z" fill="#fbf7f0" />
        <path d="M200 230c0-22-15-37-37-37 0 22 15 37 37 37Z" fill="#e3efe8" />
      </g>
    </svg>
  )
}
