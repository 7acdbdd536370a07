// What each member of a shop may use. The database decides (RLS and its functions); this only keeps
// the pages from offering what it would refuse.
export type Role = 'owner' | 'manager' | 'staff'

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' }

/** Costs, margins, supplier prices, reports, reorder, purchase orders, suppliers, catalogue changes and Settings. */
export const runsShop = (role: Role) => role === 'owner' || role === 'manager'

/** Where a member starts: the dashboard for those who run the shop, the counter for staff. */
export const homeOf = (role: Role) => (runsShop(role) ? '/dashboard' : '/app/products')

/** Where the reports go, who may confirm stocktakes, the team. */
export const ownsShop = (role: Role) => role === 'owner'

/** Confirming a stocktake: the owner and managers, and staff where the owner lets them. */
export const confirmsStocktakes = (role: Role, staffCanConfirm: boolean) => runsShop(role) || staffCanConfirm
