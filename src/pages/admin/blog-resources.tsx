import { useSearchParams } from 'react-router-dom'
import { Loading } from '../../components/ui/loading'
import { adminApi } from '../../features/admin/api/admin-api'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import styles from '../../features/admin/components/admin-ui.module.css'
import { FlashBanner } from '../../features/admin/components/flash-banner'
import { PostsTab } from '../../features/admin/components/posts-tab'
import { ResourcesTab } from '../../features/admin/components/resources-tab'
import { useAdminData } from '../../features/admin/use-admin-data'
import { useFlash } from '../../features/admin/use-flash'

const loadAll = () => Promise.all([adminApi.posts(), adminApi.resources()])

/** Two tabs with counts; the tab and "new" form live in the URL so links can open them. */
export function BlogResourcesPage() {
  const [data, reload] = useAdminData(loadAll, 'Failed to load data')
  const flash = useFlash()
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'resources' ? 'resources' : 'posts'
  const creating = params.get('new') === (tab === 'posts' ? 'post' : 'resource')
  const setCreating = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (open) next.set('new', tab === 'posts' ? 'post' : 'resource')
        else next.delete('new')
        return next
      },
      { replace: true },
    )
  const selectTab = (next: 'posts' | 'resources') => {
    flash.clear()
    setParams(next === 'resources' ? { tab: 'resources' } : {}, { replace: true })
  }

  const [posts, resources] = data.status === 'ready' ? data.data : [[], []]

  return (
    <>
      <AdminPageHeader title="Blog & Resources" description="Write posts and share free resources." />
      <div className={styles.tabs} role="tablist" aria-label="Blog and resources">
        <button
          type="button"
          role="tab"
          id="tab-posts"
          aria-controls="panel-posts"
          aria-selected={tab === 'posts'}
          className={styles.tab}
          onClick={() => selectTab('posts')}
        >
          Blog Posts <span className={styles.count}>{posts.length}</span>
        </button>
        <button
          type="button"
          role="tab"
          id="tab-resources"
          aria-controls="panel-resources"
          aria-selected={tab === 'resources'}
          className={styles.tab}
          onClick={() => selectTab('resources')}
        >
          Resources <span className={styles.count}>{resources.length}</span>
        </button>
      </div>
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {data.status === 'loading' && <Loading label="Loading…" />}
        {data.status === 'error' && (
          <p className="notice notice-error" role="alert">
            {data.error}
          </p>
        )}
        {data.status === 'ready' &&
          (tab === 'posts' ? (
            <PostsTab posts={posts} creating={creating} setCreating={setCreating} reload={reload} flash={flash} />
          ) : (
            <ResourcesTab resources={resources} creating={creating} setCreating={setCreating} reload={reload} flash={flash} />
          ))}
      </div>
    </>
  )
}
