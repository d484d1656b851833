/**
 * The newsletter form's words, kept apart from the schemas in subscriber.ts (which re-exports
 * them): the form shows them without loading the validation library with the page.
 */
export const SUBSCRIBE_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  /** The answer's message, and the alert the page's code shows with it. */
  success: 'Subscribed successfully!',
  /**
   * What stays on the page once the alert is closed (and all a browser without the page's code
   * shows): nobody is on the list until they confirm from their inbox. The same words whoever
   * signs up, so the page tells nobody whether an address was already on the list.
   */
  almostThere: 'Almost there: we have sent you an email.',
  howToConfirm:
    'Open it and press "Confirm my subscription" to start receiving the newsletter. Already subscribed? Then there is nothing more to do.',
  failed: 'Subscription failed',
  unexpected: 'Something went wrong. Please try again later.',
} as const

/** The confirmation page's words (src/pages/confirm.tsx) and its endpoint's answers. */
export const CONFIRM_MESSAGES = {
  confirmed: 'Thank you! Your subscription is confirmed.',
  alreadyConfirmed: 'Your subscription was already confirmed. Nothing more to do.',
  invalid: 'This confirmation link has expired or is not valid. Please subscribe again.',
  /** The address bounced or its owner marked our email as spam: we do not write to it again. */
  stopped: 'We can no longer send email to this address, so it cannot be confirmed. If that seems wrong, please get in touch.',
  failed: 'Could not confirm your subscription.',
  unexpected: 'Something went wrong. Please check your connection and try again.',
} as const
