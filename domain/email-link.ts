/**
 * A mailto: link to exactly one address. Each part is percent-encoded, so an address stored
 * before the email rule refused `?`, `&` or `,` cannot add a recipient, a subject or a body
 * (`me@x.co?bcc=someone@else` stays one odd address).
 */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return `mailto:${encodeURIComponent(email)}`
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`
}
