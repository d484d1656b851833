import { ArrowRight, Gem, HeartHandshake, Mic, TrendingUp, UserRound, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router-dom'
import { isTitledText, useListText, useText } from '../features/content/site-texts'
import { usePageTitle } from './use-page-title'
import styles from './services.module.css'

const ICONS: LucideIcon[] = [UserRound, TrendingUp, Gem, HeartHandshake, Mic]

export function ServicesPage() {
  const title = useText('services', 'title')
  const services = useListText('services', 'items', isTitledText)
  usePageTitle(title)

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">How I can help</span>
          <h1>{title}</h1>
          <p>{useText('services', 'intro')}</p>
        </div>
      </section>
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
                  <Link to="/book-now" className={`touch-row ${styles.book}`}>
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
