import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as english from '@zxcvbn-ts/language-en'
import { PASSWORD_ADVICE, USER_MESSAGES } from '#domain/admin-user.ts'
import { DEFAULT_TEXTS } from '#domain/default-texts.ts'
import { HttpError } from '#lib/http/route.ts'
import { content } from '#lib/data/content.ts'

/**
 * Every new password is judged by its strength (zxcvbn: how many guesses a cracker working through
 * common passwords, words, names, keyboard patterns, dates and their variations would need), not by
 * a length rule or a list of exact matches: `Password1!` is 8+ characters with every class of
 * character and is still among the first guesses. Score 3 (about 10^8 guesses, out of reach of
 * online guessing and slow against a stolen bcrypt hash) is the least accepted.
 *
 * The user's own words (username, email and its parts), the site's name and the coach's name are
 * added to the dictionaries for each check, since they are the first things someone targeting this site tries.
 *
 * Server-side only: the dictionaries are about 2 MB and never reach a browser (a test of the
 * built site checks). Built on first use, not at import, so functions that never judge a password
 * do not pay for it on a cold start.
 */
export const MIN_SCORE = 3

const PERSONAL_WARNING = 'It is built on your username, your email address or the name of the site.'

let factory: ZxcvbnFactory | undefined

function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: {
      ...english.translations,
      // zxcvbn's own words for this one are hard to act on.
      warnings: { ...english.translations.warnings, userInputs: PERSONAL_WARNING },
    },
  })
  return factory
}

/** The words someone who knows whose password it is would try first: the name, the address and its parts, the site's name. */
export function personalWords(person: { username?: string; email?: string }, siteNames: readonly string[] = []): string[] {
  const words = new Set<string>()
  const add = (text: string | undefined) => {
    const value = text?.trim().toLowerCase()
    if (!value) return
    words.add(value)
    words.add(value.replace(/[\s._+-]+/g, ''))
    for (const part of value.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part)
  }
  add(person.username)
  add(person.email)
  const [local, domain] = (person.email ?? '').split('@')
  add(local)
  add(domain?.split('.')[0])
  for (const name of siteNames) add(name)
  return [...words]
}

export type Strength = { score: number; warning: string | null }

/**
 * zxcvbn's score for the password with the person's words added to its dictionaries; and, when
 * the password holds any of those words, the score of what is left without them, if lower. zxcvbn
 * alone rates `FaithfulFinances2025!` 3 on this site, though its one unknown part is `2025!`:
 * a password must be strong without the words someone targeting this person tries first.
 */
export function passwordStrength(password: string, words: readonly string[]): Strength {
  const whole = zxcvbn().check(password, [...words])
  if (whole.score < MIN_SCORE) return feedbackOf(whole)
  const plain = skeleton(password)
  const personal = [...new Set(words.map(skeleton))].filter((word) => word.length >= 3).sort((a, b) => b.length - a.length)
  const rest = withoutPersonalWords(plain, personal)
  if (rest === plain) return feedbackOf(whole)
  const without = zxcvbn().check(rest)
  if (without.score >= MIN_SCORE) return feedbackOf(whole)
  return { score: without.score, warning: PERSONAL_WARNING }
}

const feedbackOf = (result: ZxcvbnResult): Strength => ({ score: result.score, warning: result.feedback.warning })

/** Letters of other scripts drawn like Latin ones: `Fаithful` with a Cyrillic а is still the word. */
const LOOK_ALIKES: Record<string, string> = Object.fromEntries(
  [...'аеорсухіјѕԁӏοαρικνАВЕКМНОРСТХІ'].map((char, i) => [char, 'aeopcyxijsdloapikvabekmhopctxi'[i]!]),
)

/**
 * The password as a cracker who knows whose it is reads it: compatibility forms folded (fullwidth
 * letters, İ), accents, look-alike letters and case dropped, and no separators or invisible
 * characters between the letters (`F a i t h-ful`, a zero-width space, a soft hyphen).
 */
function skeleton(text: string): string {
  return [...text.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '')]
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join('')
    .toLowerCase()
    .replace(/[\s\p{P}\p{Cf}]/gu, '')
}

/**
 * What is left once her words are taken out: as written, and as zxcvbn finds them in the rest
 * (with letters swapped for digits or symbols, or reversed), which its own score counts as a
 * hundred million guesses or so, though they are among the first tried.
 */
function withoutPersonalWords(text: string, personal: readonly string[]): string {
  let rest = text
  for (const word of personal) rest = rest.split(word).join('')
  if (rest === '') return rest
  const { sequence } = zxcvbn().check(rest, [...personal])
  return sequence
    .filter((match) => !(match.pattern === 'dictionary' && match.dictionaryName === 'userInputs'))
    .map((match) => match.token)
    .join('')
}

/**
 * The names a password on this site should not lean on: the built-in site name, the coach's own
 * if she changed it, and her name (on every page of the site).
 */
async function siteNames(): Promise<string[]> {
  const items = await content.list().catch(() => [])
  const stored = (key: string) => items.find((item) => item.section === 'site' && item.key === key)?.value
  return [...new Set([DEFAULT_TEXTS.site.siteName, DEFAULT_TEXTS.site.coachName, stored('siteName'), stored('coachName')])].filter(
    (name): name is string => Boolean(name),
  )
}

/**
 * Throws a 400 whose message says why the password is weak and what to choose instead, unless it
 * scores at least MIN_SCORE for this person. Runs after the schema's length checks (8 to 72 bytes),
 * so zxcvbn never sees a long input.
 */
export async function assertStrongPassword(password: string, person: { username?: string; email?: string }): Promise<void> {
  const result = passwordStrength(password, personalWords(person, await siteNames()))
  if (result.score >= MIN_SCORE) return
  // zxcvbn names no reason for some (a word, a capital, a year and a symbol): say what they share.
  const why = result.warning || 'Words with a capital, a year or a symbol added are among the first things password crackers try.'
  throw new HttpError(400, `${USER_MESSAGES.weakPassword} ${why} ${PASSWORD_ADVICE}`)
}
