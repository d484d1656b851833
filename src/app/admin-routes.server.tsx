/**
 * The server renderer's stand-in for admin-routes.tsx (vite.config.ts swaps it in for the server
 * build). The admin is drawn in the browser only: its addresses get the unrendered shell, never a
 * server render. So the server bundle, which every page function carries, leaves the admin's
 * screens and its text editor out: 1.3 MB instead of 3 MB, parsed by every page function as it starts.
 */
export function AdminRoutes() {
  return null
}
