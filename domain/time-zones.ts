// No zod here: the Availability screen lists the zones without loading the schemas.

let listed: Set<string> | undefined

/** The runtime's own list of IANA zone names, plus 'UTC' (which the list leaves out). */
function listedZones(): Set<string> {
  listed ??= new Set(['UTC', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [])])
  return listed
}

/** Every zone name the runtime lists, sorted, for a picker. */
export function timeZoneNames(): string[] {
  return [...listedZones()].sort()
}

// An IANA name as the database writes it: "Area/Place" or "Area/Region/Place", each part starting
// with a capital ("America/New_York", "Etc/GMT+5"). Keeps out what Intl would also take but is
// not a place: offsets ("+05:30"), abbreviations ("EST"), other spellings of a listed name.
const ZONE_NAME = /^[A-Z][A-Za-z_]{0,29}(?:\/[A-Z][\w+-]{0,29}){1,2}$/

/**
 * A time zone the runtime knows: a name on its list, 'UTC', or another IANA name for a listed zone.
 * Runtimes list the same place under different names ("Asia/Calcutta" in Node 22 and Chrome,
 * "Asia/Kolkata" in Firefox); a name either of them lists must pass in the browser that shows the
 * form and in the function that saves it.
 */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string') return false
  const zones = listedZones()
  if (zones.has(name)) return true
  if (!ZONE_NAME.test(name)) return false
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
    // A browser too old to list its zones (Safari before 15.4) still knows them.
    if (typeof Intl.supportedValuesOf !== 'function') return true
    // Intl ignores case: "America/NEW_YORK" is a listed name misspelled, not another name for it.
    return zones.has(resolved) && resolved.toLowerCase() !== name.toLowerCase()
  } catch {
    return false
  }
}
