import { FileText, ImageOff, Upload, X } from 'lucide-react'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import * as z from 'zod/mini'
import { firstIssue } from '#domain/fields.ts'
import { imageSrc } from '#domain/image-src.ts'
import { formatBytes, isImageType, mediaIdOf, MEDIA_ACCEPT, MEDIA_IMAGE_ACCEPT, MEDIA_TYPE_LABELS } from '#domain/media.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { TextAreaField, TextField } from '#src/features/admin/kit/field.tsx'
import { MediaPicker } from './media-picker'
import { mediaName, remember, useKnownMedia, useMediaName, type KnownMedia } from './use-media-name'
import { uploadProgressText, useMediaUpload } from './use-media-upload'
import styles from './media-field.module.css'

/**
 * What each kind of field takes: a picture field images only (with a description), a file field
 * anything the library holds (a PDF or a picture), shown with its kind and size.
 */
const KINDS = {
  picture: { noun: 'picture', accept: MEDIA_IMAGE_ACCEPT, imagesOnly: true },
  file: { noun: 'file', accept: MEDIA_ACCEPT, imagesOnly: false },
} as const
export type MediaKind = keyof typeof KINDS

/** The picture's description (its alt text), edited under the picture it describes. */
export type PictureAltProps = {
  label: string
  hint?: string
  value: string
  error?: string
  max: number
  onChange: (alt: string) => void
}

export type MediaFieldProps = {
  /** A picture (the default) or any file the library holds. */
  kind?: MediaKind
  /** What the picture or file is for: "Featured image", "Portrait", "File". */
  label: string
  hint?: string
  /** The address as stored: a library file, another website's, or '' for none. */
  value: string
  onChange: (url: string) => void
  /** The schema's message for the field, shown under it. */
  error?: string
  /** A picture's description (a picture field only). */
  alt?: PictureAltProps
  /**
   * The schema's message for an address typed by hand, or undefined when it may be used: the
   * same rule the form and the function apply on save.
   */
  addressProblem: (url: string) => string | undefined
  /** As wide as both columns of a form's grid. */
  wide?: boolean
}

/** The words a screen reader hears after a change, and the words under the bar while uploading. */
type Said = { text: string } | null

/**
 * Every picture or file field of the admin: what is chosen now (a small copy or an icon, its name,
 * and a file's kind and size, never its address), then Choose from library, Upload (into the
 * library, in parts, with a progress bar, then chosen) and Remove, and what a picture shows for a
 * screen reader. One from another website is the second way, behind a disclosure, checked with the
 * schema's rule before it is used.
 */
export function MediaField({ kind = 'picture', label, hint, value, onChange, error, alt, addressProblem, wide = false }: MediaFieldProps) {
  const id = useId()
  const { noun, accept, imagesOnly } = KINDS[kind]
  const Noun = noun === 'picture' ? 'Picture' : 'File'
  // What the buttons name for a screen reader: "Upload a picture for Featured image".
  const field = label.replace(/ \(optional\)$/, '')
  const known = useKnownMedia(value)
  const name = mediaName(value, noun, known?.name)
  const [said, setSaid] = useState<Said>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const uploadButton = useRef<HTMLButtonElement>(null)
  const fromLibrary = Boolean(value && mediaIdOf(value))
  // Another website's is a whole address (one she typed); a file of the site outside the library
  // (`/downloads/...`) is named by its path's end, and its address is not put before her.
  const fromElsewhere = Boolean(value) && !fromLibrary && isAbsolute(value)
  const [address, setAddress] = useState(fromElsewhere ? value : '')
  const [addressError, setAddressError] = useState<string>()
  // Open when what is chosen is already another website's; and while its address is refused, so the message shows.
  const [addressOpen, setAddressOpen] = useState(fromElsewhere)

  const upload = useMediaUpload(
    (file) => {
      remember(file)
      choose(file.url, `Uploaded and chosen: ${file.name}`)
    },
    { imagesOnly },
  )
  const uploading = upload.state.status === 'uploading'

  function choose(url: string, text: string) {
    upload.clear()
    setAddressError(undefined)
    setSaid({ text })
    onChange(url)
  }

  function remove() {
    upload.clear()
    setSaid({ text: `${Noun} removed. No ${noun} is chosen.` })
    onChange('')
    alt?.onChange('')
    // The Remove button goes with the picture: the focus stays in the field.
    uploadButton.current?.focus()
  }

  function takeAddress() {
    const url = address.trim()
    const problem = url ? addressProblem(url) : `Type the ${noun}’s web address first`
    setAddressError(problem)
    if (!problem) choose(url, `Chosen: ${mediaName(url, noun)}`)
  }

  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  // The schema's message belongs under the address when the address is what it refuses.
  const showAddressError = addressError ?? (fromElsewhere ? error : undefined)
  const describedBy = [hint && hintId, error && !showAddressError && errorId].filter(Boolean).join(' ') || undefined

  return (
    <fieldset className={`${styles.field} ${wide ? styles.wide : ''}`} aria-describedby={describedBy}>
      <legend className={styles.legend}>{label}</legend>
      {hint && (
        <p className="muted" id={hintId}>
          {hint}
        </p>
      )}

      <div className={styles.current}>
        {!value ? <EmptyThumb kind={kind} /> : kind === 'file' ? <FileThumb url={value} known={known} /> : <PictureThumb url={value} />}
        <div className={styles.summaryText}>
          <p className={styles.name}>
            {value ? (
              <>
                <span className="visually-hidden">Chosen {noun}: </span>
                {name}
              </>
            ) : (
              `No ${noun} chosen`
            )}
          </p>
          {value && kind === 'file' && known && <p className="muted">{fileFacts(known)}</p>}
        </div>
      </div>

      <div className={styles.actions}>
        <MediaPicker
          field={field}
          imagesOnly={imagesOnly}
          disabled={uploading}
          onPick={(url, file) => {
            remember(file)
            choose(url, `Chosen: ${file.name}`)
          }}
        />
        <Button ref={uploadButton} icon={Upload} onClick={() => fileInput.current?.click()} disabled={uploading}>
          Upload
          <span className="visually-hidden">
            {' '}
            a {noun} for {field}
          </span>
        </Button>
        {/* The system's file chooser, opened by Upload: out of the tab order, named for screen readers. */}
        <input
          ref={fileInput}
          className="visually-hidden"
          type="file"
          accept={accept}
          tabIndex={-1}
          aria-label={`Upload a ${noun} for ${field}`}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) {
              setSaid(null)
              void upload.upload(file)
            }
          }}
        />
        {value && (
          <Button icon={X} onClick={remove} disabled={uploading}>
            Remove
            <span className="visually-hidden">
              {' '}
              the {noun} for {field}
            </span>
          </Button>
        )}
      </div>

      {upload.state.status === 'uploading' && (
        <progress
          className={styles.progress}
          max={upload.state.total}
          value={upload.state.sent}
          aria-label={`Uploading ${upload.state.name}`}
        />
      )}
      <p role="status" className={styles.status}>
        {upload.state.status === 'uploading' ? uploadProgressText(upload.state) : (said?.text ?? '')}
      </p>
      {upload.state.status === 'failed' && (
        <p className="field-error" role="alert">
          {`"${upload.state.name}" was not uploaded. ${upload.state.message}`}
        </p>
      )}
      {error && !showAddressError && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}

      {value && alt && kind === 'picture' && (
        // Two lines to see a sentence whole; it is kept on one line (a line break becomes a space).
        <TextAreaField
          className={`input ${styles.altText}`}
          label={alt.label}
          hint={alt.hint}
          error={alt.error}
          value={alt.value}
          maxLength={alt.max}
          rows={2}
          onChange={(event) => alt.onChange(event.target.value.replace(/\r?\n/g, ' '))}
        />
      )}

      <details
        className={styles.address}
        open={addressOpen || Boolean(showAddressError)}
        onToggle={(event) => setAddressOpen(event.currentTarget.open)}
      >
        <summary>Use a {noun} from another website</summary>
        <TextField
          label={`The ${noun}’s web address`}
          hint={`It starts with https://. The ${noun} stays on that website: if it is moved or deleted there, it is gone from here too.`}
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          value={address}
          error={showAddressError}
          onChange={(event) => {
            setAddress(event.target.value)
            setAddressError(undefined)
          }}
          onKeyDown={(event: KeyboardEvent) => {
            // Enter uses the address, rather than saving the whole form.
            if (event.key === 'Enter') {
              event.preventDefault()
              takeAddress()
            }
          }}
          action={
            <Button onClick={takeAddress} disabled={uploading}>
              Use this {noun}
            </Button>
          }
        />
      </details>
    </fieldset>
  )
}

/** A picture field: every picture of the admin (the post's featured image, a thumbnail, the portrait). */
export function PictureField(props: Omit<MediaFieldProps, 'kind'>) {
  return <MediaField {...props} kind="picture" />
}

/** The schema's rule for an address, as a MediaField's `addressProblem`. */
export function addressCheck(schema: z.ZodMiniType): (url: string) => string | undefined {
  return (url) => {
    const parsed = z.safeParse(schema, url)
    return parsed.success ? undefined : firstIssue(parsed.error)
  }
}

function isAbsolute(url: string): boolean {
  try {
    new URL(url)
    return true
  } catch {
    return false
  }
}

/** "PDF, 1.2 MB": what a library file is, as the library lists it. */
function fileFacts(file: KnownMedia): string {
  return [file.contentType && MEDIA_TYPE_LABELS[file.contentType], formatBytes(file.size)].filter(Boolean).join(', ')
}

/** A file: a small copy when the library knows it is a picture, a document's icon otherwise. */
function FileThumb({ url, known }: { url: string; known: KnownMedia | undefined }) {
  if (known && isImageType(known.contentType)) return <PictureThumb url={url} />
  return (
    <span className={styles.thumb} aria-hidden="true">
      <FileText size={24} />
    </span>
  )
}

/**
 * A picture as a list shows it: the small copy and its name, and what it shows for a screen
 * reader when she has said; `withoutAlt` says what the page does when she has not.
 */
export function PictureSummary({ url, alt, withoutAlt }: { url: string; alt?: string; withoutAlt?: string }) {
  const name = useMediaName(url)
  if (!url)
    return (
      <div className={styles.current}>
        <EmptyThumb kind="picture" />
        <p className={styles.name}>No picture chosen</p>
      </div>
    )
  return (
    <div className={styles.current}>
      <PictureThumb url={url} />
      <div className={styles.summaryText}>
        <p className={styles.name}>{name}</p>
        {alt !== undefined && (
          <p className="muted">
            {alt.trim() ? `Described as: “${alt.trim()}”` : (withoutAlt ?? 'No description: screen readers pass over it.')}
          </p>
        )}
      </div>
    </div>
  )
}

/** A small copy of the picture (from the Image CDN for a library file), or a note that it cannot be shown. */
function PictureThumb({ url }: { url: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  if (failed === url)
    return (
      <span className={styles.thumb} role="img" aria-label="This picture cannot be shown">
        <ImageOff aria-hidden="true" size={24} />
      </span>
    )
  return (
    // The name beside it says what it is: the copy itself is decorative here.
    <img className={styles.thumb} src={imageSrc(url, 192)} alt="" width={96} height={96} onError={() => setFailed(url)} />
  )
}

function EmptyThumb({ kind }: { kind: MediaKind }) {
  const Icon = kind === 'file' ? FileText : ImageOff
  return (
    <span className={`${styles.thumb} ${styles.empty}`} aria-hidden="true">
      <Icon size={24} />
    </span>
  )
}
