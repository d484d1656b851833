// No zod here: public pages check image addresses with it on first load.

/**
 * Absolute http(s) URLs, or root-relative paths for files the site serves itself.
 * Anything else (javascript:, data:, protocol-relative //host) is refused: these URLs end up in
 * href and src attributes and in window.open.
 */
export function isSafeUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\')
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
