import { ArrowRight, Gem, HeartHandshake, Mic, TrendingUp, UserRound, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router-dom'
import { bookNowPath } from '#domain/route-map.ts'
import { isTitledText, useListText } from '#src/features/content/site-texts.tsx'
import { usePageTexts } from './use-page-title'
import styles from './services.module.css'
import { PageHero } from '#src/components/ui/page-hero.tsx'

const ICONS: LucideIcon[] = [UserRound, TrendingUp, Gem, HeartHandshake, Mic]

export function ServicesPage() {
  const { eyebrow, title, intro } = usePageTexts('services')
  const services = useListText('services', 'items', isTitledText)

  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} intro={intro} />
      <section className="section">
        <div className="container">
          <ul className={`grid grid-3 ${styles.list}`}>
            {services.map((service, index) => {
              const Icon = ICONS[index % ICONS.length]!
              return (
                <li key={service.title} className={`card ${styles.card}`}>
                  <span className={styles.icon} aria-hidden="true">
                    <Icon size={26} />
                  </span>
                  <h2 className={styles.title}>{service.title}</h2>
                  <p>{service.text}</p>
                  {/* The booking form opens with this service chosen. */}
                  <Link to={bookNowPath(service.title)} className={`touch-row ${styles.book}`}>
                    Book Now
                    <span className="visually-hidden">: {service.title}</span>
                    <ArrowRight aria-hidden="true" size={18} />
                  </Link>
                </li>
              )
            })}
          </ul>
        </div>
      </section>
    </>
  )
}
