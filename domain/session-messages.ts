// The words of online booking, kept apart from its schemas (domain/booking-session.ts re-exports
// them): the booking page's calendar shows them without loading the validation library.

/** Every word a caller is answered with, in one place: the pages show them as they are. */
export const SESSION_MESSAGES = {
  booked: 'You are booked! We have emailed you the details and a calendar invitation.',
  taken: 'That time was just taken. Please choose another.',
  notBookable: 'This service cannot be booked online',
  linkInvalid: 'This link has expired or is no longer valid.',
  moved: 'Your session has been moved.',
  cancelled: 'Your session has been cancelled.',
  notFound: 'Session not found',
  alreadyCancelled: 'This session is already cancelled.',
  started: 'This session has already started.',
  adminMoved: 'Session moved. We have emailed the new time to the visitor.',
  adminCancelled: 'Session cancelled. We have let the visitor know.',
  availabilitySaved: 'Availability saved',
  feedMade: 'New calendar address made. The old one no longer works.',
  chooseTime: 'Choose a time from the list',
  chooseZone: 'Choose a time zone from the list',
  chooseService: 'Choose a service',
  chooseChange: 'Choose a new time, or cancel the session',
} as const
