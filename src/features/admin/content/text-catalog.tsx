import { ExternalLink, Pencil, Undo2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { isEdited, type ContentItem, type ContentType } from '#domain/content-item.ts'
import { isSafeUrl } from '#domain/safe-url.ts'
import { builtInText, namingField, parseListText, TEXT_CATALOG, type CatalogEntry, type ListItem } from '#domain/text-catalog.ts'
import { formatDateTime } from '#domain/text.ts'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import { Button, ButtonLink } from '#src/features/admin/kit/button.tsx'
import { Panel, panelTitleClass } from '#src/features/admin/kit/panel.tsx'
import { PictureSummary } from '#src/features/admin/media/media-field.tsx'
import styles from './content.module.css'
import { ListEditor } from './list-editor'
import { PictureEditor } from './picture-editor'
import { storedType, TextEditor } from './text-editor'

/** Each answers null when done, or the message saying why not. */
export type TextActions = {
  save: (entry: CatalogEntry, value: string, type: ContentType) => Promise<string | null>
  /** Deletes the stored item, so the page shows its built-in text again. */
  revert: (entry: CatalogEntry, item: ContentItem) => Promise<string | null>
}

const idOf = (entry: Pick<CatalogEntry, 'section' | 'key'>) => `${entry.section}.${entry.key}`

/** A picture's description as a text of its own: one line, saved and reverted like any text. */
function altEntryOf(entry: CatalogEntry): CatalogEntry | undefined {
  if (entry.kind !== 'image' || !entry.alt) return undefined
  return { section: entry.section, key: entry.alt.key, label: entry.alt.label, kind: 'line' }
}

/** A text set to `value`: saved, or removed when emptied, and left alone when unchanged. */
async function setText(
  actions: TextActions,
  entry: CatalogEntry,
  item: ContentItem | undefined,
  was: string,
  value: string,
  type: ContentType,
): Promise<string | null> {
  if (value === was) return null
  if (value) return actions.save(entry, value, type)
  return item ? actions.revert(entry, item) : null
}

/** What the page shows now: the edit when the page can use it, else the built-in text. */
function shown(entry: CatalogEntry, item: ContentItem | undefined): { value: string; usable: boolean } {
  const edited = item?.value.trim()
  if (!edited) return { value: builtInText(entry), usable: !item }
  const usable = entry.kind === 'image' ? isSafeUrl(edited) : entry.kind === 'list' ? parseListText(entry, edited) !== null : true
  return { value: usable ? edited : builtInText(entry), usable }
}

/**
 * Every text of the public pages, by page and by place on the page, each with its current value
 * and whether it is built-in or edited. Edit opens it in place; Revert goes back to the built-in
 * text, with Undo until the next change.
 */
export function TextCatalog({ items, actions }: { items: readonly ContentItem[]; actions: TextActions }) {
  const [open, setOpen] = useState<string | null>(null)
  const [reverted, setReverted] = useState<{ id: string; item: ContentItem } | null>(null)
  const [failure, setFailure] = useState<{ id: string; text: string } | null>(null)
  const stored = new Map(items.map((item) => [`${item.section}.${item.key}`, item]))

  return (
    <>
      <nav className={styles.pageJumps} aria-label="Pages">
        {TEXT_CATALOG.map((page) => (
          <a key={page.id} href={`#texts-${page.id}`}>
            {page.name}
          </a>
        ))}
      </nav>
      {TEXT_CATALOG.map((page) => (
        <Panel key={page.id} id={`texts-${page.id}`} className={styles.textPage} labelledBy={`texts-${page.id}-title`}>
          <div className={styles.header}>
            <h2 id={`texts-${page.id}-title`} className={panelTitleClass}>
              {page.name}
            </h2>
            <ButtonLink variant="row" href={page.path}>
              View page <ExternalLink aria-hidden="true" size={16} />
              <span className="visually-hidden"> {page.name} (opens in a new tab)</span>
            </ButtonLink>
          </div>
          {page.places.map((place) => (
            <div key={place.name} className={styles.textPlace}>
              <h3 className={styles.sectionName}>
                {place.name}
                {place.alsoOn && <span className={styles.alsoOn}> · also on the {place.alsoOn}</span>}
              </h3>
              <ul className={styles.textList}>
                {place.entries.map((entry) => {
                  const id = idOf(entry)
                  const item = stored.get(id)
                  const altEntry = altEntryOf(entry)
                  const altItem = altEntry && stored.get(idOf(altEntry))
                  const close = () => {
                    setFailure(null)
                    setOpen(null)
                  }
                  const run = async (action: () => Promise<string | null>) => {
                    setReverted(null)
                    setFailure(null)
                    const problem = await action()
                    if (problem === null) close()
                    else setFailure({ id, text: problem })
                    return problem === null
                  }
                  return (
                    <li key={id} className={styles.textRow}>
                      <TextRow
                        entry={entry}
                        item={item}
                        editing={open === id}
                        reverted={reverted?.id === id ? reverted.item : undefined}
                        failure={failure?.id === id ? failure.text : undefined}
                        onEdit={() => {
                          setReverted(null)
                          setFailure(null)
                          setOpen(id)
                        }}
                        onClose={close}
                        onSave={(value) => run(() => actions.save(entry, value, storedType(entry, item?.type)))}
                        onRevert={async (gone) => {
                          if (await run(() => actions.revert(entry, gone))) setReverted({ id, item: gone })
                        }}
                        onUndo={(gone) => void run(() => actions.save(entry, gone.value, gone.type))}
                        alt={altItem?.value.trim() ?? ''}
                        onSavePicture={(url, alt) =>
                          run(async () => {
                            // The picture, then its description (a text of its own), each only if changed.
                            const problem = await setText(actions, entry, item, shown(entry, item).value, url, 'image')
                            if (problem !== null || !altEntry) return problem
                            return setText(actions, altEntry, altItem, altItem?.value.trim() ?? '', alt, 'text')
                          })
                        }
                      />
                    </li>
                  )
                })}
              </ul>
            </div>
          ))}
        </Panel>
      ))}
    </>
  )
}

function TextRow({
  entry,
  item,
  editing,
  reverted,
  failure,
  onEdit,
  onClose,
  onSave,
  onRevert,
  onUndo,
  alt,
  onSavePicture,
}: {
  entry: CatalogEntry
  item: ContentItem | undefined
  editing: boolean
  reverted: ContentItem | undefined
  failure: string | undefined
  onEdit: () => void
  onClose: () => void
  onSave: (value: string) => Promise<boolean>
  onRevert: (item: ContentItem) => Promise<void>
  onUndo: (item: ContentItem) => void
  /** A picture's description (its own text), '' when none. */
  alt: string
  onSavePicture: (value: string, alt: string) => Promise<boolean>
}) {
  const { value, usable } = shown(entry, item)
  const headingId = `text-${entry.section}-${entry.key}`

  return (
    <article aria-labelledby={headingId}>
      <div className={styles.textRowHeader}>
        <h4 id={headingId} className={styles.textLabel}>
          {entry.label}
        </h4>
        {/* The demo seed's texts read as built-in until she saves her own. */}
        <TextStatus item={isEdited(item) ? item : undefined} usable={usable} />
        {!editing && (
          <div className={styles.textActions}>
            <Button variant="row" icon={Pencil} onClick={onEdit}>
              Edit<span className="visually-hidden"> {entry.label}</span>
            </Button>
            {isEdited(item) && (
              <Button variant="row" icon={Undo2} onClick={() => void onRevert(item)}>
                Revert<span className="visually-hidden"> {entry.label}</span>
              </Button>
            )}
          </div>
        )}
      </div>
      {editing ? (
        entry.kind === 'list' ? (
          <ListEditor entry={entry} items={parseListText(entry, value) ?? []} onSave={onSave} onCancel={onClose} />
        ) : entry.kind === 'image' ? (
          <PictureEditor entry={entry} value={value} alt={alt} onSave={onSavePicture} onCancel={onClose} />
        ) : (
          <TextEditor entry={entry} value={value} type={storedType(entry, item?.type)} onSave={onSave} onCancel={onClose} />
        )
      ) : entry.kind === 'image' ? (
        <PictureSummary url={value} alt={entry.alt ? alt : undefined} withoutAlt="No description: screen readers say your name." />
      ) : (
        <TextValue entry={entry} value={value} />
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {reverted && !editing && (
        <p className={styles.revertNote} role="status">
          Back to the built-in text.{' '}
          <Button variant="link" onClick={() => onUndo(reverted)}>
            Undo
          </Button>
        </p>
      )}
    </article>
  )
}

function TextStatus({ item, usable }: { item: ContentItem | undefined; usable: boolean }) {
  if (!item) return <Badge tone="gray">Built-in</Badge>
  const when = `${formatDateTime(item.updatedAt)} by ${item.updatedBy}`
  if (!usable)
    return (
      <span className={styles.textStatus}>
        <Badge tone="amber">Not shown</Badge> Edited {when}, but the page cannot use it and shows the built-in text. Edit or revert it.
      </span>
    )
  return (
    <span className={styles.textStatus}>
      <Badge tone="green">Edited</Badge> {when}
    </span>
  )
}

/** The value as it reads on the page: a list item by item (a picture is shown by PictureSummary). */
function TextValue({ entry, value }: { entry: CatalogEntry; value: string }) {
  if (entry.kind === 'list') {
    const items = parseListText(entry, value) ?? []
    return (
      <ol className={styles.textListValue}>
        {items.map((item, index) => (
          <li key={index}>{describeItem(item, namingField(entry))}</li>
        ))}
      </ol>
    )
  }
  return <p className={`${styles.value} ${entry.kind === 'paragraph' ? styles.textParagraph : ''}`}>{value}</p>
}

/** One line per item: its name, then the rest, shortened. */
function describeItem(item: ListItem, naming: string): ReactNode {
  if (typeof item === 'string') return item
  const first = item[naming] ?? ''
  const more = Object.entries(item)
    .flatMap(([name, part]) => (name === naming ? [] : [part]))
    .join(' · ')
  return (
    <>
      <strong>{first}</strong>
      {more && ` · ${more.length > 140 ? `${more.slice(0, 140)}…` : more}`}
    </>
  )
}
