import {
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import styles from './admin-ui.module.css'

/**
 * What every field shows around its control: the label and hint come from the entity's field
 * specs; `action` sits beside the control (the media picker's button).
 */
type FrameProps = { label: string; hint?: string; error?: string; wide?: boolean; action?: ReactNode }

/** The props that tie a control to its label, hint and error for assistive technology. */
type ControlLinks = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }

/**
 * A labelled field with its hint or error under it (docs/brand.md: labels above, errors under).
 * The frame owns the control's id, so a form names each field once; a wide field spans the grid.
 */
function FieldFrame({ label, hint, error, wide, action, control }: FrameProps & { control: (links: ControlLinks) => ReactElement }) {
  const id = useId()
  const showHint = Boolean(hint) && !error
  const describedBy = error ? `${id}-error` : showHint ? `${id}-hint` : undefined
  const field = (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {action ? (
        <div className={styles.withAction}>
          {control({ id, ...(error && { 'aria-invalid': true }), ...(describedBy && { 'aria-describedby': describedBy }) })}
          {action}
        </div>
      ) : (
        control({ id, ...(error && { 'aria-invalid': true }), ...(describedBy && { 'aria-describedby': describedBy }) })
      )}
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
    </div>
  )
  return wide ? <div className={styles.span2}>{field}</div> : field
}

export function TextField({ label, hint, error, wide, action, ...input }: FrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return <FieldFrame {...{ label, hint, error, wide, action }} control={(links) => <input className="input" {...input} {...links} />} />
}

export function TextAreaField({ label, hint, error, wide, ...input }: FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
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
}: FrameProps & SelectHTMLAttributes<HTMLSelectElement> & { options: Readonly<Record<string, string>> }) {
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

/** A checkbox reads best with its label after it, the whole line clickable. */
export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={`touch-row ${styles.checkbox}`}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  )
}
