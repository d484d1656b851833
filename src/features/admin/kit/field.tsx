import { useId, type ComponentProps, type ReactElement, type ReactNode } from 'react'
import styles from './field.module.css'

/**
 * What every field shows around its control: the label and hint come from the entity's field
 * specs; `action` sits beside the control (the media picker's button).
 */
type FrameProps = { label: string; hint?: string; error?: string; wide?: boolean; action?: ReactNode }

/** The props that tie a control to its label, hint and error for assistive technology. */
type ControlLinks = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }

/** The ids of a field's hint and error, and what its control is described by (the error replaces the hint). */
function useFieldIds({ hint, error }: { hint?: string; error?: string }) {
  const id = useId()
  const showHint = Boolean(hint) && !error
  const describedBy = error ? `${id}-error` : showHint ? `${id}-hint` : undefined
  const links: ControlLinks = { id, ...(error && { 'aria-invalid': true }), ...(describedBy && { 'aria-describedby': describedBy }) }
  return { id, showHint, links }
}

/** The hint, or the error that replaces it, under a control. */
function FieldNotes({ id, hint, error, showHint }: { id: string; hint?: string; error?: string; showHint: boolean }) {
  return (
    <>
      {showHint && (
        <p className="muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  )
}

/**
 * A labelled field with its hint or error under it (docs/brand.md: labels above, errors under).
 * The frame owns the control's id, so a form names each field once; a wide field spans the grid.
 */
function FieldFrame({ label, hint, error, wide, action, control }: FrameProps & { control: (links: ControlLinks) => ReactElement }) {
  const { id, showHint, links } = useFieldIds({ hint, error })
  return (
    <div className={wide ? `field ${styles.wide}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {action ? (
        <div className={styles.withAction}>
          {control(links)}
          {action}
        </div>
      ) : (
        control(links)
      )}
      <FieldNotes {...{ id, hint, error, showHint }} />
    </div>
  )
}

export function TextField({ label, hint, error, wide, action, ...input }: FrameProps & ComponentProps<'input'>) {
  return <FieldFrame {...{ label, hint, error, wide, action }} control={(links) => <input className="input" {...input} {...links} />} />
}

export function TextAreaField({ label, hint, error, wide, ...input }: FrameProps & ComponentProps<'textarea'>) {
  return <FieldFrame {...{ label, hint, error, wide }} control={(links) => <textarea className="input" {...input} {...links} />} />
}

/** A choice among fixed values; `options` maps each value to its label, in display order. */
export function SelectField({
  label,
  hint,
  error,
  wide,
  options,
  ...select
}: FrameProps & ComponentProps<'select'> & { options: Readonly<Record<string, string>> }) {
  return (
    <FieldFrame
      {...{ label, hint, error, wide }}
      control={(links) => (
        <select className="input" {...select} {...links}>
          {Object.entries(options).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  )
}

/**
 * A file chosen from the device: `onFile` gets it, and the field is emptied again, so choosing
 * the same file twice (after fixing it) is seen as a new choice.
 */
export function FileField({
  label,
  hint,
  error,
  wide,
  onFile,
  ...input
}: FrameProps & Omit<ComponentProps<'input'>, 'type' | 'onChange' | 'value'> & { onFile: (file: File) => void }) {
  return (
    <FieldFrame
      {...{ label, hint, error, wide }}
      control={(links) => (
        <input
          className={`input ${styles.file}`}
          type="file"
          {...input}
          {...links}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) onFile(file)
          }}
        />
      )}
    />
  )
}

/**
 * A checkbox reads best with its label after it, the whole line clickable; its hint or error
 * sits under it, as under any field.
 */
export function CheckboxField({
  label,
  hint,
  error,
  checked,
  onChange,
  ref,
}: {
  label: string
  hint?: string
  error?: string
  checked: boolean
  onChange: (checked: boolean) => void
  ref?: ComponentProps<'input'>['ref']
}) {
  const { id, showHint, links } = useFieldIds({ hint, error })
  return (
    <div className={styles.checkboxField}>
      <label className={`touch-row ${styles.checkbox}`}>
        <input ref={ref} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} {...links} />
        {label}
      </label>
      <FieldNotes {...{ id, hint, error, showHint }} />
    </div>
  )
}
