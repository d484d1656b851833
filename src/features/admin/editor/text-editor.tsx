import type { Editor } from '@tiptap/core'
import { NodeSelection } from '@tiptap/pm/state'
import { EditorContent, useEditor } from '@tiptap/react'
import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { formatBytes, isImageType, type MediaListItem } from '#domain/media.ts'
import { MediaPicker } from '#src/features/admin/media/media-picker.tsx'
import { useMediaUpload } from '#src/features/admin/media/use-media-upload.ts'
import { LinkDialog, PictureDialog } from './editor-dialogs'
import { editorExtensions, storedText } from './editor-extensions'
import { EditorToolbar } from './editor-toolbar'
import { safePictureAddress } from './safe-address'
import styles from './editor.module.css'

export const EDITOR_HELP =
  'Write as in a word processor: the buttons below (or Ctrl+B, Ctrl+I, Ctrl+K) make words bold or italic, headings, lists, quotes and links. Drop or paste a picture to add it.'

type Props = {
  label: string
  /** One line under the label; EDITOR_HELP unless told. */
  help?: string
  error?: string
  /** The stored text (markdown). */
  value: string
  onChange: (value: string) => void
  /**
   * Whether she may add pictures (the library's button, a dropped or pasted file). Off where the
   * text goes somewhere that cannot show the site's pictures (a newsletter's email): a picture
   * already in the text still opens and is kept, so nothing is lost by opening it.
   */
  pictures?: boolean
  /** Said when a picture file is dropped or pasted where pictures are off. */
  pictureRefusal?: string
  /** Names the library's picker ("a picture in the post"). */
  pictureField?: string
}

/** A picture waiting for its description: a new one to insert, or the selected one to describe again. */
type PictureQuestion = { src: string; suggested: string; at?: number }

/** "family-budget_2.jpg" → "family budget 2": a first description she can correct. */
function describeFromName(address: string): string {
  const name = decodeURIComponent(address.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '')
  return name.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim()
}

const imageFiles = (files: FileList | undefined | null) => Array.from(files ?? []).filter((file) => isImageType(file.type))

/**
 * A long text (a post's body, a newsletter's message), written as in a word processor (Tiptap, on
 * ProseMirror) and kept as markdown, the stored format. The text she opened is given back unchanged
 * until she changes the document: a text opened and saved as it was is stored byte for byte as it
 * was, even where the editor would have written the same text differently. Pasted HTML is cleaned to what a post may hold
 * (clean-paste.ts, through editor-extensions.ts). Picture files dropped or pasted in are uploaded
 * to the media library in parts, with their progress shown, then inserted where they were
 * dropped; the library's button inserts a picture already there. Every picture is described (its
 * alternative text) as it goes in.
 */
export function TextEditor({
  label,
  help = EDITOR_HELP,
  error,
  value,
  onChange,
  pictures = true,
  pictureRefusal = 'Pictures cannot be added here.',
  pictureField = 'a picture in the post',
}: Props) {
  const [refused, setRefused] = useState(false)
  const id = useId()
  const ids = { label: `${id}-label`, help: `${id}-help`, error: `${id}-error` }
  // What she opened (or what a restored version put in), and how the editor writes that same document.
  const baseline = useRef({ text: value, written: '' })
  const emitted = useRef(value)
  const onChangeRef = useRef(onChange)
  const [linking, setLinking] = useState<{ href: string; askText: boolean } | null>(null)
  // Pictures waiting for their description, first in first asked (several can be dropped at once).
  const [questions, setQuestions] = useState<PictureQuestion[]>([])
  const question = questions[0]
  const ask = (next: PictureQuestion) => setQuestions((waiting) => [...waiting, next])
  const answered = () => setQuestions((waiting) => waiting.slice(1))
  const dropAt = useRef<number | null>(null)

  const upload = useMediaUpload((file: MediaListItem) => {
    const at = dropAt.current ?? undefined
    dropAt.current = null
    ask({ src: file.url, suggested: describeFromName(file.name), at })
  })
  const uploadRef = useRef(upload)
  // The editor's handlers are made once: they reach the newest callbacks through these.
  useEffect(() => {
    onChangeRef.current = onChange
    uploadRef.current = upload
  })

  async function uploadAll(files: File[], at: number | null) {
    for (const file of files) {
      dropAt.current = at
      await uploadRef.current.upload(file)
    }
  }

  // Made once: Tiptap compares extensions by identity, and new ones on every render would mean new options each time.
  const [extensions] = useState(editorExtensions)

  // Every option is handed over again on each render (Tiptap's useEditor sets the changed ones), so
  // the attributes follow the error and the handlers see the newest state.
  const editor = useEditor({
    extensions,
    content: value,
    contentType: 'markdown',
    // Tiptap would add its stylesheet as an inline <style>, which the site's policy refuses: the
    // few rules ProseMirror needs are in editor.module.css.
    injectCSS: false,
    editorProps: {
      // The editable area is named by the label, described by the help or the error, marked invalid with one.
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': ids.label,
        'aria-describedby': error ? ids.error : ids.help,
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: `prose ${styles.document}`,
        spellcheck: 'true',
      },
      handlePaste(_view, event) {
        const data = event.clipboardData
        // A copied page or document is pasted as such (clean-paste.ts); picture files alone (a
        // screenshot, a photo copied from a folder, which may carry its name as text) are uploaded.
        if (!data || data.getData('text/html')) return false
        const files = imageFiles(data.files)
        if (files.length === 0) return false
        // Refused, and said so: not uploaded, nor put into the text as the file's name.
        if (!pictures) return (setRefused(true), true)
        void uploadAll(files, null)
        return true
      },
      handleDrop(view, event, _slice, moved) {
        const files = imageFiles(event.dataTransfer?.files)
        if (moved || files.length === 0) return false
        event.preventDefault()
        if (!pictures) return (setRefused(true), true)
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null
        void uploadAll(files, at)
        return true
      },
      handleKeyDown(_view, event) {
        if ((event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
          event.preventDefault()
          openLink()
          return true
        }
        return false
      },
    },
    onCreate: ({ editor: created }) => {
      baseline.current.written = storedText(created.getMarkdown())
    },
    onUpdate: ({ editor: changed }) => {
      const written = storedText(changed.getMarkdown())
      const text = written === baseline.current.written ? baseline.current.text : written
      emitted.current = text
      onChangeRef.current(text)
    },
  })

  // A value from outside (a restored version): the document becomes that text, and the new baseline.
  useEffect(() => {
    if (value === emitted.current) return
    editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false })
    baseline.current = { text: value, written: storedText(editor.getMarkdown()) }
    emitted.current = value
  }, [value, editor])

  function openLink() {
    const href = String(editor.getAttributes('link').href ?? '')
    setLinking({ href, askText: editor.state.selection.empty && !editor.isActive('link') })
  }

  function saveLink(href: string, text: string) {
    setLinking(null)
    const chain = editor.chain().focus()
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run()
    } else {
      chain.extendMarkRange('link').setLink({ href }).run()
    }
  }

  function askPicture() {
    const { selection } = editor.state
    if (selection instanceof NodeSelection && selection.node.type.name === 'image') {
      ask({ src: String(selection.node.attrs.src), suggested: String(selection.node.attrs.alt ?? ''), at: selection.from })
    }
  }

  function placePicture(alt: string) {
    if (!question) return
    const { src, at } = question
    answered()
    if (!safePictureAddress(src)) return
    const selected = editor.state.selection
    const describing = selected instanceof NodeSelection && selected.node.type.name === 'image' && selected.from === at
    if (describing) {
      editor.chain().focus().updateAttributes('image', { alt }).run()
      return
    }
    const chain = editor.chain().focus()
    if (at !== undefined) chain.setTextSelection(Math.min(at, editor.state.doc.content.size))
    chain.setImage({ src, alt }).run()
  }

  return (
    <div className={`field ${styles.field}`}>
      <label id={ids.label} onClick={() => editor.commands.focus()}>
        {label}
      </label>
      <p className="muted" id={ids.help}>
        {help}
      </p>
      <div className={styles.frame} data-invalid={error ? true : undefined}>
        <EditorToolbar
          editor={editor}
          label={`Formatting for ${label}`}
          onLink={openLink}
          onDescribe={askPicture}
          picture={
            pictures && <MediaPicker field={pictureField} imagesOnly onPick={(url) => ask({ src: url, suggested: describeFromName(url) })} />
          }
        />
        <UploadProgress state={upload.state} onDismiss={upload.clear} />
        {refused && (
          <p className={`notice notice-error ${styles.uploadFailed}`} role="alert">
            {pictureRefusal}{' '}
            <button type="button" className={styles.dismiss} onClick={() => setRefused(false)}>
              Dismiss
            </button>
          </p>
        )}
        <EditorContent editor={editor} className={styles.content} onDoubleClick={askPicture} />
      </div>
      {error && (
        <p className="field-error" id={ids.error}>
          {error}
        </p>
      )}
      {linking &&
        createPortal(
          <LinkDialog
            current={linking.href}
            askText={linking.askText}
            onDone={saveLink}
            onRemove={linking.href ? () => (setLinking(null), editor.chain().focus().extendMarkRange('link').unsetLink().run()) : undefined}
            onCancel={() => (setLinking(null), editor.commands.focus())}
          />,
          document.body,
        )}
      {question &&
        createPortal(
          <PictureDialog
            suggested={question.suggested}
            submitLabel={question.at !== undefined && isSelectedPicture(editor, question.at) ? 'Save description' : 'Insert picture'}
            onDone={placePicture}
            onCancel={() => (answered(), editor.commands.focus())}
          />,
          document.body,
        )}
    </div>
  )
}

const isSelectedPicture = (editor: Editor, at: number) => {
  const { selection } = editor.state
  return selection instanceof NodeSelection && selection.node.type.name === 'image' && selection.from === at
}

function UploadProgress({ state, onDismiss }: { state: ReturnType<typeof useMediaUpload>['state']; onDismiss: () => void }) {
  const uploading = state.status === 'uploading'
  return (
    <>
      {uploading && (
        <div className={styles.upload}>
          <progress max={state.total} value={state.sent} aria-label={`Uploading ${state.name}`} />
        </div>
      )}
      {/* Drawn only while a picture uploads: an empty status region in the form would be one more
          "status" among the form's own messages. */}
      {uploading && (
        <p role="status" className={styles.uploadStatus}>
          {`Uploading "${state.name}": ${formatBytes(state.sent)} of ${formatBytes(state.total)} (${Math.floor((state.sent / state.total) * 100)}%)`}
        </p>
      )}
      {state.status === 'failed' && (
        <p className={`notice notice-error ${styles.uploadFailed}`} role="alert">
          {`"${state.name}" was not added. ${state.message}`}{' '}
          <button type="button" className={styles.dismiss} onClick={onDismiss}>
            Dismiss
          </button>
        </p>
      )}
    </>
  )
}
