import { useSearchParams } from 'react-router-dom'
import { CONTENT_MESSAGES } from '#domain/content-item.ts'
import { contentApi } from '#src/features/admin/content/content-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { TabPanel, Tabs } from '#src/features/admin/kit/tabs.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { StoredContent } from '#src/features/admin/content/stored-content.tsx'
import { TextCatalog, type TextActions } from '#src/features/admin/content/text-catalog.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { failureText, useFlash } from '#src/features/admin/kit/use-flash.ts'

const { saved, saveFailed } = CONTENT_MESSAGES

/** The two views; the one shown lives in the address, so a link can open either. */
const VIEWS = [
  { id: 'pages', name: 'By page' },
  { id: 'stored', name: 'Stored items' },
] as const

/**
 * The texts of the public pages: by page and place, edited in place (the default view), or as the
 * stored items by section and key, where texts of any name can be added.
 */
export function ContentPage() {
  const [items, reload] = useAdminData(contentApi.content, CONTENT_MESSAGES.loadFailed)
  const flash = useFlash()
  const [params, setParams] = useSearchParams()
  const current = VIEWS.find(({ id }) => id === params.get('view')) ?? VIEWS[0]

  /** A change, then the list again; a failure's message is shown by the text it concerns. */
  const change = async (call: () => Promise<unknown>, success: string, failure: string) => {
    flash.clear()
    try {
      await call()
    } catch (error) {
      return failureText(error, failure)
    }
    flash.setFlash({ kind: 'success', text: success })
    reload()
    return null
  }
  const actions: TextActions = {
    save: (entry, value, type) =>
      change(() => contentApi.saveContent({ section: entry.section, key: entry.key, value, type }), saved, saveFailed),
    revert: (_entry, item) => change(() => contentApi.deleteContent(item.id), 'Back to the built-in text', CONTENT_MESSAGES.deleteFailed),
  }

  return (
    <>
      <AdminPageHeader
        title="Content"
        description="Every text on the public pages, where it shows. Edit one in place; Revert brings back the built-in text."
      />
      <Tabs
        label="Content views"
        tabs={VIEWS}
        current={current.id}
        onSelect={(view) => {
          flash.clear()
          setParams(view === 'stored' ? { view } : {}, { replace: true })
        }}
      />
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      <TabPanel current={current.id}>
        <LoadState state={items} loading="Loading content…">
          {(data) =>
            current.id === 'pages' ? (
              <TextCatalog items={data} actions={actions} />
            ) : (
              <StoredContent items={data} reload={reload} flash={flash} />
            )
          }
        </LoadState>
      </TabPanel>
    </>
  )
}
