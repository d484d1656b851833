/** One CSV cell, always quoted; a value a spreadsheet would run as a formula gets a leading ' (docs/decisions.md, Subscribers). */
export function csvCell(value: string): string {
  // Their fullwidth forms too: some spreadsheets read them as the formula signs.
  const safe = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/**
 * Reads CSV text as rows of cells (RFC 4180, and what spreadsheets really save): quoted cells
 * with "" for a quote and line breaks inside, CRLF, LF or a lone CR between rows, a byte-order
 * mark at the start, and no row for the final line break or for blank lines. A quote inside an
 * unquoted cell is kept as a character; an unclosed quote runs to the end of the text, as
 * spreadsheets read it. Stops after `maxRows` rows (the rest is never looked at).
 */
export function parseCsv(text: string, maxRows = Infinity): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let cellStarted = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endRow = () => {
    row.push(cell)
    // A blank line is no row (a single empty unquoted cell).
    if (row.length > 1 || cellStarted || row[0] !== '') rows.push(row)
    row = []
    cell = ''
    cellStarted = false
  }
  for (; i < text.length && rows.length < maxRows; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else cell += char
    } else if (char === '"' && cell === '' && !cellStarted) {
      quoted = true
      cellStarted = true
    } else if (char === ',') {
      row.push(cell)
      cell = ''
      cellStarted = false
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++
      endRow()
    } else cell += char
  }
  if (rows.length < maxRows && (cell !== '' || cellStarted || row.length > 0)) endRow()
  return rows
}
