import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import styles from './tabs.module.css'

export type Tab<T extends string> = { id: T; name: string; count?: number }

/**
 * Tabs over one panel (the ARIA pattern): the chosen tab is the one in the tab order, and the
 * arrow keys move between them and choose. `idPrefix` keeps two sets on one page apart.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  current,
  onSelect,
  idPrefix = '',
  compact = false,
}: {
  label: string
  tabs: readonly Tab<T>[]
  current: T
  onSelect: (id: T) => void
  idPrefix?: string
  /** Closer to what it shows (inside a pane rather than over a screen). */
  compact?: boolean
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  function onKeyDown(event: KeyboardEvent, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next = (index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length
    onSelect(tabs[next]!.id)
    buttons.current[next]?.focus()
  }

  return (
    <div className={compact ? `${styles.tabs} ${styles.compact}` : styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[index] = element
          }}
          type="button"
          role="tab"
          id={`${idPrefix}tab-${tab.id}`}
          aria-controls={`${idPrefix}panel-${tab.id}`}
          aria-selected={tab.id === current}
          tabIndex={tab.id === current ? 0 : -1}
          className={`touch-row ${styles.tab}`}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.name}
          {tab.count !== undefined && (
            <>
              {' '}
              <span className={styles.count}>{tab.count}</span>
            </>
          )}
        </button>
      ))}
    </div>
  )
}

/** The panel the chosen tab shows. */
export function TabPanel({ current, idPrefix = '', children }: { current: string; idPrefix?: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}panel-${current}`} aria-labelledby={`${idPrefix}tab-${current}`}>
      {children}
    </div>
  )
}
