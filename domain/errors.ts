/**
 * What can go wrong in the data layer and the services, said without HTTP: the route wrapper
 * (netlify/lib/http/route.ts) answers each with its status and the message, which is written for
 * the person who will read it. Code below the handlers raises these, never an HTTP status.
 */
export class DomainError extends Error {
  override readonly name: string = 'DomainError'
}

/** The record asked for does not exist (or is not this caller's to know about): 404. */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError'
}

/** The record is not in a state that allows this (taken, already sent, changed since seen): 409. */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError'
}

/** The caller may not do this to this record, whatever its state (the owner's account): 403. */
export class NotAllowedError extends DomainError {
  override readonly name = 'NotAllowedError'
}

/** What was sent cannot be stored as it is (a part of the wrong size, an unreadable picture): 400. */
export class InvalidError extends DomainError {
  override readonly name = 'InvalidError'
}

/** The site lacks a setting this needs (its secret): 503, until the site is set up. */
export class NotConfiguredError extends DomainError {
  override readonly name = 'NotConfiguredError'
}
