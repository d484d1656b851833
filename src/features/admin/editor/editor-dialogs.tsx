import { useId, useState, type FormEvent } from 'react'
import { IMAGE_ALT_MAX } from '#domain/fields.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { Dialog } from '#src/features/admin/kit/dialog.tsx'
import { TextField } from '#src/features/admin/kit/field.tsx'
import { typedLinkAddress } from './safe-address'
import styles from './editor.module.css'

/**
 * These dialogs are drawn through a portal, outside the post's form in the page, but React still
 * passes their events up to the components around them: a submit here must end here, or the post
 * form would be submitted (and saved) with it.
 */
function stopHere(event: FormEvent) {
  event.preventDefault()
  event.stopPropagation()
}

/**
 * The picture's alternative text, asked for as a picture goes in (from the library or just
 * uploaded) and when she picks "Picture" with a picture selected. Empty is allowed: a purely
 * decorative picture has none.
 */
export function PictureDialog({
  suggested,
  submitLabel,
  onDone,
  onCancel,
}: {
  suggested: string
  submitLabel: string
  onDone: (alt: string) => void
  onCancel: () => void
}) {
  const [alt, setAlt] = useState(suggested)
  const id = useId()
  const formId = `${id}-form`
  function submit(event: FormEvent) {
    stopHere(event)
    onDone(alt.replace(/\s+/g, ' ').trim())
  }
  return (
    <Dialog
      title="Describe the picture"
      onCancel={onCancel}
      actions={
        <>
          <Button type="submit" form={formId} variant="secondary">
            {submitLabel}
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <TextField
          label="What the picture shows"
          hint="Read aloud to visitors who cannot see it, and shown if it does not load. Leave it empty for a purely decorative picture."
          value={alt}
          maxLength={IMAGE_ALT_MAX}
          onChange={(event) => setAlt(event.target.value)}
          autoFocus
        />
      </form>
    </Dialog>
  )
}

/**
 * A link's address (and, with no words selected, the words to show). An address typed without
 * "https://" gets it; an email address becomes a mail link; anything else that is not a web
 * address or a page of this site is refused with a message.
 */
export function LinkDialog({
  current,
  askText,
  onDone,
  onRemove,
  onCancel,
}: {
  current: string
  askText: boolean
  onDone: (href: string, text: string) => void
  onRemove?: () => void
  onCancel: () => void
}) {
  const [address, setAddress] = useState(current)
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const id = useId()
  const formId = `${id}-form`
  function submit(event: FormEvent) {
    stopHere(event)
    const href = typedLinkAddress(address)
    if (!href) return setError('Type a web address, such as https://example.com or /book-now, or an email address.')
    onDone(href, text.trim() || address.trim())
  }
  return (
    <Dialog
      title={current ? 'Change the link' : 'Add a link'}
      onCancel={onCancel}
      actions={
        <>
          <Button type="submit" form={formId} variant="secondary">
            {current ? 'Save link' : 'Add link'}
          </Button>
          {onRemove && <Button onClick={onRemove}>Remove link</Button>}
          <Button onClick={onCancel}>Cancel</Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.dialogForm}>
        <TextField
          label="Address"
          error={error || undefined}
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          value={address}
          onChange={(event) => {
            setAddress(event.target.value)
            setError('')
          }}
          autoFocus
        />
        {askText && <TextField label="Words to show" value={text} onChange={(event) => setText(event.target.value)} />}
      </form>
    </Dialog>
  )
}
