import { Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { isPlainDate } from '#domain/availability.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import styles from './availability.module.css'

/**
 * A date picked with the browser's own calendar, and Add. `refuse` says why a date cannot be added
 * (already listed, past); nothing is added then, and the words show under the picker.
 */
export function DatePickerRow({
  label,
  button,
  min,
  refuse,
  onAdd,
}: {
  label: string
  button: string
  min: string
  refuse: (date: string) => string | null
  onAdd: (date: string) => void
}) {
  const id = useId()
  const [date, setDate] = useState('')
  const [error, setError] = useState<string | null>(null)
  function add() {
    const why = !isPlainDate(date) ? 'Pick a date first' : refuse(date)
    setError(why)
    if (why) return
    onAdd(date)
    setDate('')
  }
  return (
    <div className={`field ${styles.addDate}`}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.addDateRow}>
        <input
          id={id}
          className="input"
          type="date"
          min={min}
          value={date}
          onChange={(event) => {
            setDate(event.target.value)
            setError(null)
          }}
          onKeyDown={(event) => {
            // Enter adds the date rather than saving the whole form.
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button icon={Plus} onClick={add}>
          {button}
        </Button>
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
