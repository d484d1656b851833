import type { Editor } from '@tiptap/core'
import { useEditorState } from '@tiptap/react'
import { Bold, Heading2, Heading3, Italic, Link, List, ListOrdered, Quote, Redo2, Undo2, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import styles from './editor.module.css'

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** A shortcut as the toolbar shows it ("Ctrl+B", "⌘B") and as aria-keyshortcuts names it ("Control+B"). */
function shortcut(keys: string): { shown: string; aria: string } {
  const mac = isMac()
  const parts = keys.split('+')
  const shown = parts.map((part) => (part === 'Mod' ? (mac ? '⌘' : 'Ctrl') : part === 'Alt' && mac ? '⌥' : part)).join(mac ? '' : '+')
  const aria = parts.map((part) => (part === 'Mod' ? (mac ? 'Meta' : 'Control') : part)).join('+')
  return { shown, aria }
}

type Tool = {
  label: string
  icon: LucideIcon
  keys?: string
  pressed?: boolean
  /** On where the cursor is, for a button that opens a dialog rather than toggling (shown, not pressed). */
  active?: boolean
  disabled?: boolean
  popup?: boolean
  run: () => void
}

/**
 * The formatting buttons. A toolbar in the WAI-ARIA sense: one tab stop, the arrow keys (and
 * Home, End) move between its buttons, and each button says whether its format is on where the
 * cursor is (aria-pressed) and which keys do the same.
 */
export function EditorToolbar({
  editor,
  onLink,
  onDescribe,
  picture,
  label,
}: {
  editor: Editor
  onLink: () => void
  /** Asks again for the selected picture's description. */
  onDescribe: () => void
  /** The library's button ("Choose from library"), last in the bar; nothing where pictures may not be added. */
  picture: ReactNode
  label: string
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      subheading: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      picture: e.isActive('image'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  const groups: Tool[][] = [
    [
      { label: 'Bold', icon: Bold, keys: 'Mod+B', pressed: state.bold, run: () => chain().toggleBold().run() },
      { label: 'Italic', icon: Italic, keys: 'Mod+I', pressed: state.italic, run: () => chain().toggleItalic().run() },
    ],
    [
      { label: 'Heading', icon: Heading2, keys: 'Mod+Alt+2', pressed: state.heading, run: () => chain().toggleHeading({ level: 2 }).run() },
      {
        label: 'Small heading',
        icon: Heading3,
        keys: 'Mod+Alt+3',
        pressed: state.subheading,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      { label: 'Bulleted list', icon: List, keys: 'Mod+Shift+8', pressed: state.bullets, run: () => chain().toggleBulletList().run() },
      {
        label: 'Numbered list',
        icon: ListOrdered,
        keys: 'Mod+Shift+7',
        pressed: state.numbers,
        run: () => chain().toggleOrderedList().run(),
      },
      { label: 'Quote', icon: Quote, keys: 'Mod+Shift+B', pressed: state.quote, run: () => chain().toggleBlockquote().run() },
      { label: 'Link', icon: Link, keys: 'Mod+K', active: state.link, popup: true, run: onLink },
    ],
    [
      { label: 'Undo', icon: Undo2, keys: 'Mod+Z', disabled: !state.canUndo, run: () => chain().undo().run() },
      { label: 'Redo', icon: Redo2, keys: 'Mod+Shift+Z', disabled: !state.canRedo, run: () => chain().redo().run() },
    ],
  ]

  const bar = useRef<HTMLDivElement>(null)
  const current = useRef(0)
  const buttons = () => Array.from(bar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])

  // One tab stop: the button last used (the library's button included, which this bar does not draw).
  useEffect(() => {
    const all = buttons()
    if (current.current >= all.length) current.current = 0
    all.forEach((button, index) => (button.tabIndex = index === current.current ? 0 : -1))
  })

  function move(event: KeyboardEvent) {
    const all = buttons()
    const at = all.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0) return
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const index = (next + all.length) % all.length
    all.forEach((button, i) => (button.tabIndex = i === index ? 0 : -1))
    current.current = index
    all[index]?.focus()
  }

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label={label}
      className={styles.toolbar}
      onKeyDown={move}
      onFocus={(event) => {
        const index = buttons().indexOf(event.target as unknown as HTMLButtonElement)
        if (index >= 0) current.current = index
      }}
    >
      {groups.map((group, g) => (
        <div key={g} className={styles.group}>
          {group.map((tool) => (
            <ToolButton key={tool.label} tool={tool} />
          ))}
        </div>
      ))}
      {/* Drawn only with something in it: an empty group would still draw its separator. */}
      {(picture || state.picture) && (
        <div className={styles.group}>
          {picture}
          {state.picture && (
            <button
              type="button"
              className={styles.describe}
              aria-haspopup="dialog"
              onMouseDown={(event) => event.preventDefault()}
              onClick={onDescribe}
            >
              Describe picture
            </button>
          )}
        </div>
      )}
    </div>
  )
}

function ToolButton({ tool }: { tool: Tool }) {
  const keys = tool.keys ? shortcut(tool.keys) : undefined
  const Icon = tool.icon
  return (
    <button
      type="button"
      className={styles.tool}
      aria-label={tool.label}
      title={keys ? `${tool.label} (${keys.shown})` : tool.label}
      aria-keyshortcuts={keys?.aria}
      aria-pressed={tool.pressed}
      aria-haspopup={tool.popup ? 'dialog' : undefined}
      data-active={tool.active || undefined}
      disabled={tool.disabled}
      // Keep the editor's selection: a mouse press on the button must not take the focus first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={tool.run}
    >
      <Icon aria-hidden="true" size={18} />
    </button>
  )
}
