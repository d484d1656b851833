import { Mic, UserRound, Users } from 'lucide-react'
import { BookingForm } from '#src/features/booking/booking-form.tsx'
import { usePageTexts } from './use-page-title'
import styles from './book-now.module.css'
import { PageHero } from '#src/components/ui/page-hero.tsx'

export function BookNowPage() {
  const { eyebrow, title, intro } = usePageTexts('bookNow')
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} intro={intro} />
      <section className="section">
        <div className={`container ${styles.layout}`}>
          <div className={`card ${styles.formCard}`}>
            <h2 className={styles.formTitle}>Book a session or send a request</h2>
            <BookingForm />
          </div>
          <aside className={styles.aside} aria-label="What you can book">
            <h2 className={styles.asideTitle}>How we can work together</h2>
            <ul>
              <li>
                <UserRound aria-hidden="true" size={22} /> One-to-one and couples coaching
              </li>
              <li>
                <Mic aria-hidden="true" size={22} /> Speaking at churches, conferences and workplaces
              </li>
              <li>
                <Users aria-hidden="true" size={22} /> Workshops and consulting for groups
              </li>
            </ul>
            <p>
              Coaching sessions can be booked at a free time straight away. Every other request is read personally, and you will hear back
              by email.
            </p>
          </aside>
        </div>
      </section>
    </>
  )
}
