/**
 * The demo sign-ins seeded by `npm run dev`. The login page shows them only in a development build
 * (docs/decisions.md, No default password); a production build drops this module entirely.
 */
export const DEMO_CREDENTIALS = {
  admin: { username: 'admin', password: 'demo-admin-2025' },
  editor: { username: 'editor', password: 'demo-editor-2025' },
} as const
