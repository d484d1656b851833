/**
 * The environment every function test starts from. Variables set to undefined are removed, so a
 * developer's shell (a real SendGrid key, NETLIFY_DEV) never leaks into a test. A test that needs
 * one sets it with vi.stubEnv; `unstubEnvs` in vitest.config.ts restores it after the test.
 */
export const TEST_ENV: Record<string, string | undefined> = {
  JWT_SECRET: 'test-only-jwt-secret-0123456789abcdef0123456789',
  BOOKING_TO_EMAIL: 'coach@test.example',
  MAIL_FROM: 'hello@test.example',
  URL: 'https://site.test.example',
  SENDGRID_API_KEY: undefined,
  UNSUBSCRIBE_SECRET: undefined,
  SENDGRID_WEBHOOK_PUBLIC_KEY: undefined,
  NETLIFY_DEV: undefined,
}
