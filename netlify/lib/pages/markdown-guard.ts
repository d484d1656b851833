/**
 * marked is fast on real writing but not on every input: deep nesting recurses until the stack
 * runs out, thousands of emphasis markers in one paragraph and long runs of spaces cost time that
 * grows with the square of their length. A post body is rendered on every view, so one crafted
 * body would make its page slow or fail for everyone. This pass, linear in the text, keeps what
 * marked is given within bounds no real post comes near, by turning the excess into plain text:
 * - at most MAX_NESTING container markers (`>`, list bullets, `1.`) open at the start of a line;
 * - at most MAX_EMPHASIS `*` and `_` markers in one paragraph;
 * - no run of spaces or tabs longer than MAX_BLANK_RUN;
 * - no word (characters without a space) longer than MAX_WORD: marked looks ahead through a whole
 *   word at every character for a possible email address, so a 64 KB word costs minutes. Links
 *   and addresses are far shorter.
 */
export const MAX_NESTING = 8
export const MAX_EMPHASIS = 300
export const MAX_BLANK_RUN = 32
export const MAX_WORD = 1_000

export function tameMarkdown(markdown: string): string {
  const out: string[] = []
  let emphasis = 0
  for (const rawLine of markdown.split('\n')) {
    const line = breakLongWords(shortenBlankRuns(limitNesting(rawLine)))
    if (line.trim() === '') emphasis = 0 // a blank line ends the paragraph
    let kept = ''
    let from = 0
    for (let i = 0; i < line.length; i++) {
      const c = line[i]
      if (c !== '*' && c !== '_') continue
      if (line[i - 1] === '\\') continue
      emphasis++
      if (emphasis > MAX_EMPHASIS) {
        kept += `${line.slice(from, i)}\\`
        from = i
      }
    }
    out.push(kept + line.slice(from))
  }
  return out.join('\n')
}

/** Escapes the container markers of a line past the first MAX_NESTING, so they read as text. */
function limitNesting(line: string): string {
  let markers = 0
  let i = 0
  while (i < line.length) {
    const c = line[i]!
    if (c === ' ' || c === '\t') {
      i++
      continue
    }
    let marker = 0
    if (c === '>') marker = 1
    else if ((c === '-' || c === '*' || c === '+') && (line[i + 1] === ' ' || line[i + 1] === '\t')) marker = 1
    else if (c >= '0' && c <= '9') {
      let j = i
      while (j < line.length && j - i < 9 && line[j]! >= '0' && line[j]! <= '9') j++
      if ((line[j] === '.' || line[j] === ')') && (line[j + 1] === ' ' || line[j + 1] === '\t')) marker = j + 1 - i
    }
    if (marker === 0) break
    markers++
    if (markers > MAX_NESTING) return `${line.slice(0, i)}\\${line.slice(i)}`
    i += marker
  }
  return line
}

function breakLongWords(line: string): string {
  if (line.length <= MAX_WORD) return line
  let out = ''
  let run = 0
  let from = 0
  for (let i = 0; i < line.length; i++) {
    run = line[i] === ' ' || line[i] === '\t' ? 0 : run + 1
    if (run > MAX_WORD) {
      out += `${line.slice(from, i)} `
      from = i
      run = 1
    }
  }
  return out + line.slice(from)
}

function shortenBlankRuns(line: string): string {
  let out = ''
  let run = 0
  let from = 0
  for (let i = 0; i < line.length; i++) {
    const blank = line[i] === ' ' || line[i] === '\t'
    run = blank ? run + 1 : 0
    if (run > MAX_BLANK_RUN) {
      out += line.slice(from, i)
      from = i + 1
    }
  }
  return out + line.slice(from)
}
