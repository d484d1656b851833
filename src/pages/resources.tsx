import { useSearchParams } from 'react-router-dom'
import type { PublicResource } from '../../domain/resource'
import { RESOURCE_MESSAGES, RESOURCE_TYPES, RESOURCE_TYPE_LABELS, isResourceType } from '../../domain/resource-display'
import { EmptyState } from '../components/ui/empty-state'
import { Loading } from '../components/ui/loading'
import { ResourceCard } from '../features/resources/components/resource-card'
import { Settled } from '../components/ui/settled'
import { useHydrated } from '../lib/use-hydrated'
import { usePageTitle } from './use-page-title'

export function ResourcesPage({ resources }: { resources: Promise<PublicResource[]> }) {
  usePageTitle('Free Resources')
  const [params, setParams] = useSearchParams()
  const hydrated = useHydrated()
  const type = hydrated ? params.get('type') : null
  const selected = isResourceType(type) ? type : null
  const showAll = () => setParams({}, { replace: true })

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Free resources</span>
          <h1>Tools for your financial journey</h1>
          <p>Ebooks, guides, templates and videos to help you budget, save and give with confidence. Free to download.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          {/* The filters are drawn with the page but work only with its code: until then they are
              visibly off, like the list they filter, which also comes with the code. */}
          <div className="filter-bar" role="group" aria-label="Filter by type">
            <button type="button" className="filter-chip" aria-pressed={selected === null} disabled={!hydrated} onClick={showAll}>
              All
            </button>
            {RESOURCE_TYPES.map((t) => (
              <button
                key={t}
                type="button"
                className="filter-chip"
                aria-pressed={selected === t}
                disabled={!hydrated}
                onClick={() => setParams({ type: t }, { replace: true })}
              >
                {RESOURCE_TYPE_LABELS[t]}s
              </button>
            ))}
          </div>
          <Settled promise={resources} fallback={<Loading label="Loading resources…" reserve />}>
            {(list) => {
              const shown = selected ? list.filter((resource) => resource.type === selected) : list
              if (shown.length > 0) {
                return (
                  <ul className="grid grid-3" aria-label="Resources">
                    {shown.map((resource) => (
                      <li key={resource.id} className="list-reset">
                        <ResourceCard resource={resource} />
                      </li>
                    ))}
                  </ul>
                )
              }
              return selected ? (
                <EmptyState
                  message={RESOURCE_MESSAGES.emptyForType(selected)}
                  action={
                    <button type="button" className="btn btn-outline" onClick={showAll}>
                      {RESOURCE_MESSAGES.viewAll}
                    </button>
                  }
                />
              ) : (
                <EmptyState message={RESOURCE_MESSAGES.empty} />
              )
            }}
          </Settled>
        </div>
      </section>
    </>
  )
}
