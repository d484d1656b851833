import { useSearchParams } from 'react-router-dom'
import { postsApi } from '#src/features/admin/posts/posts-api.ts'
import { resourcesApi } from '#src/features/admin/resources/resources-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { TabPanel, Tabs } from '#src/features/admin/kit/tabs.tsx'
import { EntityList } from '#src/features/admin/kit/entity-list.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { postsTab } from '#src/features/admin/posts/posts-tab.tsx'
import { resourcesTab } from '#src/features/admin/resources/resources-tab.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { useFlash } from '#src/features/admin/kit/use-flash.ts'

const loadAll = () => Promise.all([postsApi.posts(), resourcesApi.resources()])

type Tab = 'posts' | 'resources'
/** Each tab, its name and the `new` value that opens its create form. */
const TABS = [
  { id: 'posts', name: 'Blog Posts', creates: 'post' },
  { id: 'resources', name: 'Resources', creates: 'resource' },
] as const satisfies { id: Tab; name: string; creates: string }[]

/** Two tabs with counts; the tab and "new" form live in the URL so links can open them. */
export function BlogResourcesPage() {
  const [data, reload] = useAdminData(loadAll, 'Failed to load data')
  const flash = useFlash()
  const [params, setParams] = useSearchParams()
  const current = TABS.find(({ id }) => id === params.get('tab')) ?? TABS[0]
  const creating = params.get('new') === current.creates
  const setCreating = (open: boolean) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now)
        if (open) next.set('new', current.creates)
        else next.delete('new')
        return next
      },
      { replace: true },
    )
  const selectTab = (next: Tab) => {
    flash.clear()
    setParams(next === 'resources' ? { tab: 'resources' } : {}, { replace: true })
  }

  const [posts, resources] = data.status === 'ready' ? data.data : [[], []]
  const counts: Record<Tab, number> = { posts: posts.length, resources: resources.length }
  const list = { creating, setCreating, reload, flash }

  return (
    <>
      <AdminPageHeader title="Blog & Resources" description="Write posts and share free resources." />
      <Tabs
        label="Blog and resources"
        tabs={TABS.map(({ id, name }) => ({ id, name, count: counts[id] }))}
        current={current.id}
        onSelect={selectTab}
      />
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      <TabPanel current={current.id}>
        {/* Keyed by tab: a row being edited in one tab is not open in the other. */}
        <LoadState state={data} loading="Loading…">
          {() =>
            current.id === 'posts' ? (
              <EntityList key="posts" {...postsTab} rows={posts} {...list} />
            ) : (
              <EntityList key="resources" {...resourcesTab} rows={resources} {...list} />
            )
          }
        </LoadState>
      </TabPanel>
    </>
  )
}
