const block = 'animate-pulse rounded-xl bg-muted motion-reduce:animate-none'

/** The dashboard's shape while its figures load. */
export function DashboardSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading dashboard...</span>
      <div aria-hidden="true" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className={`${block} h-28`} />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-4 md:grid-cols-2">
        <div className={`${block} h-64`} />
        <div className={`${block} h-64`} />
      </div>
    </div>
  )
}
