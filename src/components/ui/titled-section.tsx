import type { ReactNode } from 'react'

/**
 * A page section named by its heading: the heading (and an optional line under it) opens the
 * section, then `children`. `tone` is the section's background class, e.g. "section-tint".
 */
export function TitledSection({
  id,
  title,
  intro,
  tone,
  center = false,
  children,
}: {
  id: string
  title: ReactNode
  intro?: ReactNode
  tone?: string
  center?: boolean
  children: ReactNode
}) {
  return (
    <section className={tone ? `section ${tone}` : 'section'} aria-labelledby={id}>
      <div className="container">
        <div className={center ? 'section-intro center' : 'section-intro'}>
          <h2 id={id}>{title}</h2>
          {intro && <p>{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  )
}
