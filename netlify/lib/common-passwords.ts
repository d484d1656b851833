import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * The most common passwords, from zxcvbn-ts' common list (about 49,000, lower case): a new password
 * on that list is refused, whatever its case. Checked on the server only, so the list never
 * reaches a browser; built on first use, not at import.
 */
let common: Set<string> | undefined

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'])
  return common.has(password.toLowerCase())
}
