import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvCell, parseCsv, toCsv } from './csv'
import { findEmailColumn, IMPORT_MESSAGES, planImport } from './subscriber-import'

describe('toCsv', () => {
  it('neutralises a cell that starts like a formula, in fullwidth signs too', () => {
    for (const sign of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) expect(toCsv([[`${sign}SUM(1)`]])).toBe(`"'${sign}SUM(1)"\r\n`)
    expect(toCsv([['plain']])).toBe('"plain"\r\n')
  })
})

describe('parseCsv', () => {
  it('reads quoted cells with commas, quotes and line breaks inside', () => {
    expect(parseCsv('"a,b","say ""hi""","two\r\nlines"\r\nc,d,e\r\n')).toEqual([
      ['a,b', 'say "hi"', 'two\r\nlines'],
      ['c', 'd', 'e'],
    ])
  })

  it('takes CRLF, LF and a lone CR between rows, and a byte-order mark at the start', () => {
    expect(parseCsv('\uFEFFemail\r\na@x.com\nb@x.com\rc@x.com')).toEqual([['email'], ['a@x.com'], ['b@x.com'], ['c@x.com']])
  })

  it('makes no row of blank lines or the last line break, but keeps empty cells', () => {
    expect(parseCsv('a,,\r\n\r\n\n"",b\r\n')).toEqual([
      ['a', '', ''],
      ['', 'b'],
    ])
    expect(parseCsv('')).toEqual([])
  })

  it('keeps a quote inside an unquoted cell, and runs an unclosed quote to the end', () => {
    expect(parseCsv('ab"c,d\n"open,e\nf')).toEqual([['ab"c', 'd'], ['open,e\nf']])
  })

  it('stops after maxRows rows', () => {
    expect(parseCsv('a\nb\nc\nd', 2)).toEqual([['a'], ['b']])
  })

  const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ',', '"', '\r', '\n', ' ', 'é', '😀', "'", '=', '@', '\t', '-', '+') })
  const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 })

  it('reads back what toCsv writes, formula-looking cells with their leading quote', () => {
    fc.assert(
      fc.property(table, (rows) => {
        const expected = rows.map((row) => row.map((value) => (/^[=+\-@\t\r＝＋－＠]/.test(value) ? `'${value}` : value)))
        expect(parseCsv(toCsv(rows))).toEqual(expected)
      }),
    )
  })

  it('reads back exactly what toCsv writes when no cell starts like a formula', () => {
    const plain = table.map((rows) => rows.map((row) => row.map((value) => value.replace(/^[=+\-@\t\r]+/, ''))))
    fc.assert(
      fc.property(plain, (rows) => {
        expect(parseCsv(toCsv(rows))).toEqual(rows)
      }),
    )
  })

  it('never throws, whatever the text', () => {
    fc.assert(fc.property(fc.string(), (text) => void parseCsv(text)))
  })

  it.each(['=', '+', '-', '@', '\t', '\r'])('csvCell neutralises a leading %j', (start) => {
    expect(csvCell(`${start}cmd`)).toBe(`"'${start}cmd"`)
  })
})

describe('findEmailColumn and planImport', () => {
  it('finds a header named email in any case, or the column that holds addresses', () => {
    expect(
      findEmailColumn([
        ['Name', 'E-Mail'],
        ['Ann', 'ann@x.com'],
      ]),
    ).toEqual({ column: 1, header: true })
    expect(
      findEmailColumn([
        ['Name', 'Contact'],
        ['Ann', 'ann@x.com'],
        ['Bo', 'bo@x.com'],
      ]),
    ).toEqual({ column: 1, header: true })
    expect(
      findEmailColumn([
        ['ann@x.com', 'Ann'],
        ['bo@x.com', 'Bo'],
      ]),
    ).toEqual({ column: 0, header: false })
    expect(findEmailColumn([['Name'], ['Ann']])).toBeNull()
  })

  it('gives each row its spreadsheet number and reason, and the counts', () => {
    const plan = planImport([['email', 'name'], ['Ann@X.com', 'Ann'], ['nope', 'N'], [''], ['ann@x.com'], ['bo@x.com']])
    expect(plan).toEqual({
      rows: [
        { row: 2, email: 'ann@x.com' },
        { row: 3, email: 'nope', reason: IMPORT_MESSAGES.invalidEmail },
        { row: 4, email: '', reason: IMPORT_MESSAGES.empty },
        { row: 5, email: 'ann@x.com', reason: 'same address as row 2' },
        { row: 6, email: 'bo@x.com' },
      ],
      counts: { toAdd: 2, duplicates: 1, refused: 2 },
    })
  })

  it('refuses a file without addresses or rows', () => {
    expect(planImport([['name'], ['Ann']])).toEqual({ error: IMPORT_MESSAGES.noEmailColumn })
    expect(planImport([])).toEqual({ error: IMPORT_MESSAGES.noRows })
    expect(planImport([['email']])).toEqual({ error: IMPORT_MESSAGES.noRows })
  })
})
