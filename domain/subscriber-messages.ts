/**
 * The newsletter form's words, kept apart from the schemas in subscriber.ts (which re-exports
 * them): the form shows them without loading the validation library with the page.
 */
export const SUBSCRIBE_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  success: 'Subscribed successfully!',
  failed: 'Subscription failed',
  unexpected: 'Something went wrong. Please try again later.',
} as const
